import { describe, expect, it } from 'vitest';
import { ZOrderRequest } from './order.ts';
import { ZPromoCheckRequest } from './promo.ts';

const storeId = '6f1c2b9e-4a57-4d3c-9b1e-2f8a7c6d5e4f';
const itemId = '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a';

describe('ZPromoCheckRequest', () => {
  it('reads the code as the order does: trimmed and in capitals', () => {
    const lines = [{ item_id: itemId, quantity: 2 }];
    const checked = ZPromoCheckRequest.parse({
      promo_code: ' welcome10 ',
      store_id: storeId,
      lines,
    });
    const ordered = ZOrderRequest.parse({
      store_id: storeId,
      order_type: 'collection',
      when: 'asap',
      lines,
      promo_code: ' welcome10 ',
      payment_method: 'cash',
    });
    expect(checked.promo_code).toBe('WELCOME10');
    expect(checked.promo_code).toBe(ordered.promo_code);
    expect(checked.lines).toEqual(ordered.lines);
  });

  it('names what is missing or wrong', () => {
    const result = ZPromoCheckRequest.safeParse({ promo_code: '  ', store_id: 'x', lines: [] });
    expect(result.success).toBe(false);
    expect(
      Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message])),
    ).toEqual({
      promo_code: 'Enter a promo code',
      store_id: 'Must be an id',
      lines: 'Your basket is empty',
    });
  });
});
