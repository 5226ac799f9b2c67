import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, dismissToast, toast, toasts } from './toast.ts';

beforeEach(() => {
  // A worker's web files share this module (vitest.config.ts, isolate: false): a toast another
  // file's screen showed may still be up on its real 3000 ms timer.
  for (const left of toasts.get()) dismissToast(left.id);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.runAllTimers();
  vi.useRealTimers();
});

const shown = () => toasts.get().map((t) => `${t.kind}: ${t.message}`);

describe('toasts', () => {
  it('two identical failures never stack: the one shown stays on top for another 3000 ms', () => {
    toast.error('Oops! Something went wrong.');
    toast.success('Address added.');
    vi.advanceTimersByTime(2000);
    toast.error('Oops! Something went wrong.');
    expect(shown()).toEqual(['error: Oops! Something went wrong.', 'success: Address added.']);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    expect(shown()).toEqual(['error: Oops! Something went wrong.']);
    vi.advanceTimersByTime(1000);
    expect(shown()).toEqual([]);
  });

  it('the same words of another kind, or other words, are separate toasts', () => {
    toast.info('Saved');
    toast.success('Saved');
    toast.success('Saved again');
    expect(shown()).toEqual(['success: Saved again', 'success: Saved', 'info: Saved']);
  });
});
