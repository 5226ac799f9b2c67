import { describe, expect, it } from 'vitest';
import { orderTime } from './order-time.ts';
import { broken } from './broken-rule.test-support.ts';
import { hours, storeRow } from './fixtures.test-support.ts';

const LONDON = 'Europe/London';
// Tuesday 17 November 2026 (GMT): the store opens 17:00 to 23:00.
const open = new Date('2026-11-17T19:02:00Z');
const closed = new Date('2026-11-17T12:00:00Z');

describe('order step 4: the time', () => {
  it('ASAP while open: now plus preparation, the busy extra and, for delivery, the ride', () => {
    const store = storeRow({ busyExtraMinutes: 10, busyUntil: new Date('2026-11-17T23:00:00Z') });
    const when = { when: 'asap' as const };
    expect(orderTime(store, hours, { ...when, order_type: 'collection' }, open, LONDON)).toEqual(
      new Date('2026-11-17T19:32:00Z'),
    );
    expect(orderTime(store, hours, { ...when, order_type: 'delivery' }, open, LONDON)).toEqual(
      new Date('2026-11-17T19:57:00Z'),
    );
  });

  it('refuses ASAP while closed', () => {
    const body = { when: 'asap' as const, order_type: 'collection' as const };
    expect(broken(() => orderTime(storeRow(), hours, body, closed, LONDON))).toEqual({
      status: 422,
      message: 'Tandoor Lane Shoreditch is closed right now. Choose a later time.',
      fields: ['when'],
    });
  });

  it('refuses ASAP the timings would not offer: not ready by closing time', () => {
    // 22:41 on Tuesday: collection (20 min) would be ready at 23:01, after the 23:00 close.
    const late = new Date('2026-11-17T22:41:00Z');
    const body = { when: 'asap' as const, order_type: 'collection' as const };
    expect(broken(() => orderTime(storeRow(), hours, body, late, LONDON))).toEqual({
      status: 422,
      message:
        'Tandoor Lane Shoreditch closes at 11:00 PM, too soon for a new order. Choose a later time.',
      fields: ['when'],
    });
    // A delivery may arrive up to closing plus the ride (25 min): 23:25 at the latest.
    const delivery = { when: 'asap' as const, order_type: 'delivery' as const };
    expect(
      orderTime(storeRow(), hours, delivery, new Date('2026-11-17T22:40:00Z'), LONDON),
    ).toEqual(new Date('2026-11-17T23:25:00Z'));
    expect(broken(() => orderTime(storeRow(), hours, delivery, late, LONDON)).status).toBe(422);
  });

  it('takes exactly a slot offered now, and nothing between slots or too soon', () => {
    const at = (when: string) => ({ when, order_type: 'collection' as const });
    expect(orderTime(storeRow(), hours, at('2026-11-17T17:30:00.000Z'), closed, LONDON)).toEqual(
      new Date('2026-11-17T17:30:00Z'),
    );
    for (const when of ['2026-11-17T17:40:00.000Z', '2026-11-17T19:15:00.000Z']) {
      expect(broken(() => orderTime(storeRow(), hours, at(when), open, LONDON)).message).toBe(
        'That time is no longer available. Please choose another.',
      );
    }
  });
});
