import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/**
 * The `Last-Event-ID` a reconnecting EventSource sends (or `?last_event_id=` on a first
 * connection that already knows where it was); undefined for a fresh stream.
 */
export function resumeFrom(request: FastifyRequest, queried: number | undefined) {
  const header = Number(request.headers['last-event-id']);
  return Number.isSafeInteger(header) && header >= 0 ? header : queried;
}

/**
 * Takes the reply over and opens a Server-Sent Events stream of our own (docs/decisions/0016):
 * the headers, a retry hint, a heartbeat, and `onClose` when the browser goes. `write` sends
 * frames as they are given.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies (nginx) must pass each frame on at once, not buffer the stream.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.write(`retry: 3000\n: connected\n\n`);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const closers: (() => void)[] = [() => clearInterval(heartbeat)];
  let closed = false;
  request.raw.on('close', () => {
    closed = true;
    for (const close of closers) close();
  });
  return {
    write: (frame: string) => void raw.write(frame),
    /** Runs `close` when the browser goes (at once if it has gone already). */
    onClose(close: () => void) {
      if (closed || request.raw.socket.destroyed) close();
      else closers.push(close);
    },
  };
}
