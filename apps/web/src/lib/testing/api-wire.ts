import { configureStore } from '@reduxjs/toolkit';
import { vi } from 'vitest';
import { api } from '../api.ts';

/** For unit tests only: the server's side of the wire, and a store with the real API client. */
export interface WireAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** The answer leaves once this settles: a server still working on it. */
  after?: Promise<unknown>;
}

export interface Wire {
  /**
   * What each path answers; change it between steps of a test. `'POST /api/admin/staff'` answers
   * that method alone, before the path's own answer.
   */
  answers: Record<string, WireAnswer>;
  /** Every call made, in order. */
  sent: {
    method: string;
    path: string;
    /** The query string's parameters (filters, cursors); absent when there is none. */
    query?: Record<string, string>;
    body: unknown;
    authorization: string | null;
    /** The Idempotency-Key header, when the call sent one. */
    idempotencyKey?: string;
    /** The If-Match header (the version a save was made from), when the call sent one. */
    ifMatch?: string;
  }[];
}

/**
 * Replaces the network (fetch) with answers given per path, so components run with the real
 * RTK Query client and base query. Undo with vi.unstubAllGlobals().
 */
export function stubApiWire(answers: Record<string, WireAnswer> = {}): Wire {
  const wire: Wire = { answers, sent: [] };
  // jsdom has no fetch: the browser's Request resolves relative URLs, Node's needs a base.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const text = await request.text();
    wire.sent.push({
      method: request.method,
      path,
      query: url.search ? Object.fromEntries(url.searchParams) : undefined,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      ifMatch: request.headers.get('if-match') ?? undefined,
    });
    const answer = wire.answers[`${request.method} ${path}`] ??
      wire.answers[path] ?? {
        status: 404,
        body: { status: 404, message: 'Not found' },
      };
    // As a browser's fetch does, a request whose signal is aborted while it waits rejects.
    await new Promise((resolve, reject) => {
      const aborted = () =>
        reject(new DOMException('signal is aborted without reason', 'AbortError'));
      if (request.signal.aborted) return aborted();
      request.signal.addEventListener('abort', aborted, { once: true });
      void Promise.resolve(answer.after).then(resolve, reject);
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  return wire;
}

export function createTestStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
