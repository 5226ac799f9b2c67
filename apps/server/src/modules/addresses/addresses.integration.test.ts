import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@servery/contract/address';
import { address, openOrderShop, type OrderShop } from '../../../test/order-shop.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let shop: OrderShop;
beforeAll(async () => {
  ctx = await createTestApp();
  shop = await openOrderShop(ctx);
});
afterAll(() => ctx.close());

describe('saved addresses', () => {
  it('creates (201), lists, updates and deletes the customer’s own addresses', async () => {
    const { token } = await shop.customer();
    const created = await shop.call('POST', '/api/customer-addresses', address(), token);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      status: 201,
      message: 'Address added.',
      data: { postcode: 'E1 6AN', district: 'E1', is_default: true, address_line2: '' },
    });
    const id = body.data.id as string;
    const updated = await shop.call(
      'PUT',
      `/api/customer-addresses/${id}`,
      { ...address('E1 7PT'), instructions: 'Ring twice' },
      token,
    );
    expect(updated.json()).toMatchObject({
      message: 'Address updated.',
      data: { postcode: 'E1 7PT', instructions: 'Ring twice' },
    });
    const list = (await shop.call('GET', '/api/customer-addresses', undefined, token)).json()
      .data as Address[];
    expect(list.map((a) => a.id)).toEqual([id]);
    const deleted = await shop.call('DELETE', `/api/customer-addresses/${id}`, undefined, token);
    expect(deleted.json()).toEqual({ status: 200, message: 'Address deleted.', data: null });
    expect(
      (await shop.call('GET', '/api/customer-addresses', undefined, token)).json().data,
    ).toEqual([]);
  });

  it('answers 404 for another customer’s address and 400 for a bad postcode', async () => {
    const ada = await shop.customer('ada');
    const bob = await shop.customer('bob');
    const mine = (await shop.call('POST', '/api/customer-addresses', address(), ada.token)).json()
      .data.id;
    for (const method of ['PUT', 'DELETE'] as const) {
      const answer = await shop.call(
        method,
        `/api/customer-addresses/${mine}`,
        method === 'PUT' ? address() : undefined,
        bob.token,
      );
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('We could not find that address.');
    }
    const bad = await shop.call(
      'POST',
      '/api/customer-addresses',
      { ...address('12345'), city: '' },
      ada.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      postcode: 'Enter a UK postcode, such as E1 6AN',
      city: 'Town or city is required',
    });
    // Still Ada's, untouched by Bob's attempts.
    const list = (await shop.call('GET', '/api/customer-addresses', undefined, ada.token)).json()
      .data as Address[];
    expect(list.map((a) => a.id)).toEqual([mine]);
  });

  it('refuses an address no store delivers to before saving it (422 on the postcode)', async () => {
    const { token } = await shop.customer();
    const refusal = 'We do not deliver to N16. You can collect your order instead.';
    const far = await shop.call('POST', '/api/customer-addresses', address('n16 7uj'), token);
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ message: refusal, errors: { postcode: refusal } });
    const mine = (await shop.call('POST', '/api/customer-addresses', address(), token)).json().data;
    const moved = await shop.call(
      'PUT',
      `/api/customer-addresses/${mine.id}`,
      address('N16 7UJ'),
      token,
    );
    expect(moved.statusCode).toBe(422);
    const list = (await shop.call('GET', '/api/customer-addresses', undefined, token)).json()
      .data as Address[];
    expect(list.map((a) => a.postcode)).toEqual(['E1 6AN']);
  });
});
