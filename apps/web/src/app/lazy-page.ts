/** product.md §8: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('This page could not be loaded.');
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a page's chunk for a lazy route, giving up after 120 s. Any failure to load becomes a
 * ChunkLoadError, which the route error page answers with an offer to reload.
 */
export function lazyPage<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        () => {
          clearTimeout(timer);
          reject(new ChunkLoadError());
        },
      );
    });
}
