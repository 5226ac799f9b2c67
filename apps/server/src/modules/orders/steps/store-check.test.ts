import { describe, expect, it } from 'vitest';
import { checkPaymentMethod, checkStore } from './store-check.ts';
import { broken } from './broken-rule.test-support.ts';
import { testTenant, storeRow } from './fixtures.test-support.ts';

const at = new Date('2026-11-17T19:00:00Z');
const body = { store_id: 'store-1', order_type: 'delivery' as const };

describe('order step 1: the store', () => {
  it('finds the store that takes this kind of order', () => {
    expect(checkStore(testTenant(), body, at).id).toBe('store-1');
  });

  it("answers the shop's own words when the whole shop is closed", () => {
    expect(broken(() => checkStore(testTenant({ IsShopClosed: 1 }), body, at))).toEqual({
      status: 422,
      message: 'We are closed for the holidays.',
      fields: ['store_id'],
    });
  });

  it('refuses a store that is unknown, closed or does not offer the order type', () => {
    expect(broken(() => checkStore(testTenant(), { ...body, store_id: 'other' }, at)).message).toBe(
      'We could not find that store.',
    );
    const closed = testTenant({}, [storeRow({ isClosed: true })]);
    expect(broken(() => checkStore(closed, body, at)).message).toBe(
      'Tandoor Lane Shoreditch is not taking orders at the moment.',
    );
    const collectionOnly = testTenant({}, [storeRow({ orderTypes: ['collection'] })]);
    expect(broken(() => checkStore(collectionOnly, body, at))).toEqual({
      status: 422,
      message: 'Tandoor Lane Shoreditch does not offer delivery.',
      fields: ['order_type'],
    });
  });

  it('refuses a paused order type in the words the shop paused it with, until the pause ends', () => {
    const pause = {
      orderTypes: ['delivery' as const],
      until: '2026-11-17T20:00:00.000Z',
      message: 'Our drivers are back at 8.',
    };
    const paused = testTenant({}, [storeRow({ pause })]);
    expect(broken(() => checkStore(paused, body, at)).message).toBe('Our drivers are back at 8.');
    expect(checkStore(paused, { ...body, order_type: 'collection' }, at).id).toBe('store-1');
    expect(checkStore(paused, body, new Date('2026-11-17T20:00:00Z')).id).toBe('store-1');
  });

  it('takes cash only where the store does', () => {
    expect(() => checkPaymentMethod(storeRow(), 'cash')).not.toThrow();
    expect(broken(() => checkPaymentMethod(storeRow({ acceptsCash: false }), 'cash'))).toEqual({
      status: 422,
      message: 'Tandoor Lane Shoreditch takes card payments only.',
      fields: ['payment_method'],
    });
    expect(() => checkPaymentMethod(storeRow({ acceptsCash: false }), 'card')).not.toThrow();
  });
});
