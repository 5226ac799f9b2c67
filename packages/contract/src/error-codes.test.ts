import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, refusedWith } from './error-codes.ts';

describe('error codes', () => {
  it('tells a refusal by the status its code answers', () => {
    expect(refusedWith({ status: 409, data: { current: {} } }, 'stale')).toBe(true);
    expect(refusedWith({ status: 401 }, 'unauthorized')).toBe(true);
    expect(refusedWith({ status: 422 }, 'stale')).toBe(false);
    expect(refusedWith({ status: 'FETCH_ERROR' }, 'unauthorized')).toBe(false);
    expect(refusedWith(undefined, 'not_found')).toBe(false);
  });

  it('gives every code a status a client can be answered with', () => {
    for (const status of Object.values(ERROR_STATUS)) {
      expect(status >= 400 && status < 600).toBe(true);
    }
  });
});
