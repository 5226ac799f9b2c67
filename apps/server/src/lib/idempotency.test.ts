import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';
import { keyedId, replayOrConflict, requestHash } from './idempotency.ts';

describe('Idempotency-Key requests', () => {
  it('knows a body whatever order its keys came in, and tells bodies apart', () => {
    const a = requestHash({ store_id: 's', lines: [{ item_id: 'x', quantity: 2 }] });
    const b = requestHash({ lines: [{ quantity: 2, item_id: 'x' }], store_id: 's' });
    expect(a).toBe(b);
    expect(requestHash({ store_id: 's', lines: [{ item_id: 'x', quantity: 3 }] })).not.toBe(a);
    // A list keeps its order: the hash bookings stored of their fields in a fixed order.
    expect(requestHash(['Ada', 2])).not.toBe(requestHash([2, 'Ada']));
  });

  it('answers the first answer to the same body and a 409 to another', () => {
    const earlier = { requestHash: requestHash({ n: 1 }) };
    expect(replayOrConflict(earlier, requestHash({ n: 1 }), 'order', () => 'first')).toBe('first');
    expect(() => replayOrConflict(earlier, requestHash({ n: 2 }), 'booking', () => 'x')).toThrow(
      expect.objectContaining({
        status: 409,
        code: 'idempotency_conflict',
        message: 'This Idempotency-Key was already used for a different booking.',
      }),
    );
  });

  it("gives every request with one key the same id, a v4 UUID, and another key's another", () => {
    const id = keyedId('tenant:customer', 'checkout-1234');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('4');
    expect('89ab').toContain(id[19]);
    expect(keyedId('tenant:customer', 'checkout-1234')).toBe(id);
    expect(keyedId('tenant:customer', 'checkout-1235')).not.toBe(id);
    expect(keyedId('tenant:other', 'checkout-1234')).not.toBe(id);
  });
});
