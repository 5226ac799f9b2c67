import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage } from './lazy-page.ts';

afterEach(() => vi.useRealTimers());

describe('loading a page chunk', () => {
  it('gives up after 120 s with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const loading = lazyPage(() => never)();
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('answers the module when it arrives in time, and a ChunkLoadError when the load fails', async () => {
    expect(await lazyPage(async () => ({ Page: 'page' }))()).toEqual({ Page: 'page' });
    await expect(
      lazyPage(() => Promise.reject(new TypeError('Failed to fetch')))(),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
