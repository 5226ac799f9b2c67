import { describe, expect, it } from 'vitest';
import { createAttempts, newIdempotencyKey } from './idempotency.ts';

describe('checkout attempts', () => {
  it('keep one key for the same order, and take a new one when the order changes', () => {
    let n = 0;
    const attempts = createAttempts(() => `key-${++n}`);
    const order = { store_id: 's', lines: [{ item_id: 'a', quantity: 1 }] };
    expect(attempts.keyFor(order)).toBe('key-1');
    expect(attempts.keyFor({ ...order })).toBe('key-1');
    expect(attempts.keyFor({ ...order, notes: 'no chilli' })).toBe('key-2');
    expect(attempts.keyFor({ ...order, notes: 'no chilli' })).toBe('key-2');
    attempts.reset();
    expect(attempts.keyFor({ ...order, notes: 'no chilli' })).toBe('key-3');
  });

  it('makes keys the server accepts (8 to 100 letters, digits, - or _)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,100}$/);
  });
});
