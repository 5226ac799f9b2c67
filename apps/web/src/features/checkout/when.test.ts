import { describe, expect, it } from 'vitest';
import type { AvailableTimings } from '@servery/contract/order';
import { resolveWhen } from './when.ts';

const timings = (asap: boolean, slots: string[]): AvailableTimings => ({
  store_id: 's',
  order_type: 'collection',
  asap: {
    available: asap,
    at: asap ? '2026-11-22T18:00:00.000Z' : null,
    minutes: asap ? 25 : null,
  },
  days: slots.length
    ? [{ date: '2026-11-22', label: 'Today', slots: slots.map((at) => ({ at, label: at })) }]
    : [],
  paused: null,
});

describe('the time an order is for', () => {
  const a = '2026-11-22T19:00:00.000Z';
  const b = '2026-11-22T19:15:00.000Z';
  it('keeps the customer’s choice while the store offers it', () => {
    expect(resolveWhen('asap', timings(true, [a, b]))).toBe('asap');
    expect(resolveWhen(b, timings(true, [a, b]))).toBe(b);
  });
  it('falls back to ASAP, else the first slot, when the choice is gone', () => {
    expect(resolveWhen('2026-11-21T19:00:00.000Z', timings(true, [a]))).toBe('asap');
    expect(resolveWhen('asap', timings(false, [a, b]))).toBe(a);
    expect(resolveWhen(null, timings(false, [b]))).toBe(b);
  });
  it('is nothing when the store offers no time at all', () => {
    expect(resolveWhen('asap', timings(false, []))).toBeNull();
  });
});
