import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/**
 * Unsent bytes a stream may hold before it is closed (issue 27): a browser that stopped reading
 * (a sleeping tablet, a dead network) must not grow the server's memory. Its board reconnects
 * and replays what it missed from the table with Last-Event-ID.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * The `Last-Event-ID` a reconnecting EventSource sends (or `?last_event_id=` on a first
 * connection that already knows where it was); undefined for a fresh stream.
 */
export function resumeFrom(request: FastifyRequest, queried: number | undefined) {
  const header = Number(request.headers['last-event-id']);
  return Number.isSafeInteger(header) && header >= 0 ? header : queried;
}

export type EventStreamWriter = ReturnType<typeof openEventStream>;

/**
 * Takes the reply over and opens a Server-Sent Events stream of our own (docs/decisions/0016):
 * the headers, a retry hint, a heartbeat, and `onClose` when the browser goes. `write` sends a
 * frame at once and closes a stream whose unsent bytes pass the bound; `writeInTurn` waits for
 * the socket to drain first (a replay); `end` finishes the stream quietly.
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
  let closed = false;
  const open = () => !closed && !raw.writableEnded && !raw.destroyed;
  const write = (frame: string) => {
    if (!open()) return;
    raw.write(frame);
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      request.log.warn(
        { unsent: raw.writableLength },
        'live stream closed: the browser is not reading',
      );
      raw.destroy();
    }
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const closers: (() => void)[] = [() => clearInterval(heartbeat)];
  const onGone = () => {
    if (closed) return;
    closed = true;
    for (const close of closers) close();
  };
  // The browser went, or the stream was ended or destroyed here.
  request.raw.on('close', onGone);
  raw.on('close', onGone);
  return {
    write,
    /** Writes a frame after the socket has taken the previous ones (respects backpressure). */
    async writeInTurn(frame: string) {
      if (!open()) return;
      if (raw.write(frame)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          raw.off('drain', done);
          raw.off('close', done);
          resolve();
        };
        raw.on('drain', done);
        raw.on('close', done);
      });
    },
    end() {
      clearInterval(heartbeat);
      if (open()) raw.end();
    },
    /** Runs `close` when the browser goes (at once if it has gone already). */
    onClose(close: () => void) {
      if (closed || request.raw.socket.destroyed) close();
      else closers.push(close);
    },
  };
}
