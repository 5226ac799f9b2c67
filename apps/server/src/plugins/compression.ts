import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers compressed for the browser (docs/decisions/0058): a staff tablet on a weak line opens
 * the desk with its open orders (28 KB of JSON for 20), a customer the menu. Caddy compresses in
 * the deploy, but the server is also run on its own (`npm start`, another proxy), and every
 * answer of ours already crosses the wire as it does in production.
 */

/** Under one TCP segment's payload an answer takes one packet either way: not worth the CPU. */
export const COMPRESS_FROM_BYTES = 1400;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send for an `Accept-Encoding` header: brotli when accepted, else gzip, else
 * none. `q=0` refuses a coding; `*` stands for any not named.
 */
export function chooseEncoding(accept: string | string[] | undefined): Encoding | undefined {
  if (typeof accept !== 'string' || accept === '') return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of accept.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (!(q > 0)) q = 0;
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gz = q;
    else if (name === '*') any = q;
  }
  br ??= any;
  gz ??= any;
  if (br && br >= (gz ?? 0)) return 'br';
  if (gz) return 'gzip';
  return undefined;
}

/** What answers are compressed: JSON, HTML, CSV and plain text. */
const COMPRESSIBLE = /^(?:application\/json|text\/(?:html|csv|plain))\b/;

/**
 * Up to this size an answer is compressed on the spot: a 2.7 KB desk read takes about 25 µs of
 * CPU that way and 120 µs through libuv's thread pool (its hand-over and wake-up cost more than
 * the compression). A larger one (a menu, a whole desk) goes to the pool, so that the event loop
 * is not held while it is squeezed.
 */
export const COMPRESS_INLINE_UP_TO_BYTES = 32 * 1024;

/**
 * How hard to squeeze. `light` (brotli 1, gzip 1) for an answer made for one request and small
 * enough to compress on the spot: an order's 1.6 KB answer takes 11 µs of CPU at brotli 1 and 41
 * at 5 (measured apart, and three or four times that in a busy server) for 775 bytes against
 * 693. `thorough` (brotli 5, gzip 6) for a large answer, whose saving is whole round trips on a
 * slow line, and for a kept answer (a menu), compressed once and sent many times.
 */
export type Effort = 'light' | 'thorough';

const LEVELS: Record<Effort, { brotli: number; gzip: number }> = {
  light: { brotli: 1, gzip: 1 },
  thorough: { brotli: 5, gzip: 6 },
};

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/**
 * `body` compressed with `encoding`: an answer up to 32 KB at once (the bytes, not a promise),
 * a larger one in the pool. `effort` is how hard (a large answer is always squeezed thoroughly).
 */
export function compress(
  body: Buffer,
  encoding: Encoding,
  effort: Effort = 'light',
): Buffer | Promise<Buffer> {
  if (body.length <= COMPRESS_INLINE_UP_TO_BYTES) {
    const level = LEVELS[effort];
    return encoding === 'br'
      ? brotliCompressSync(body, brotliOptions(body, level.brotli))
      : gzipSync(body, { level: level.gzip });
  }
  const level = LEVELS.thorough;
  return encoding === 'br'
    ? brotli(body, brotliOptions(body, level.brotli))
    : gzipAsync(body, { level: level.gzip });
}

/** A strong ETag no longer names the bytes once they are compressed: it becomes weak. */
export const weakened = (etag: string) => (etag.startsWith('W/') ? etag : `W/${etag}`);

/** `Vary: Accept-Encoding` added to what the answer already varies on. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) return void reply.header('vary', 'accept-encoding');
  const list = String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(list)) {
    reply.header('vary', `${list}, accept-encoding`);
  }
}

/**
 * The onSend hook, with a callback rather than a promise: most answers are not compressed (too
 * small, not text, or the client takes none), and those go on at once.
 */
function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const body = compressible(request, reply, payload);
  if (!body) {
    done(null, payload);
    return;
  }
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    done(null, payload);
    return;
  }
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string') reply.header('etag', weakened(etag));
  reply.header('content-encoding', encoding).removeHeader('content-length');
  const compressed = compress(body, encoding);
  if (Buffer.isBuffer(compressed)) done(null, compressed);
  else compressed.then((bytes) => done(null, bytes), done);
}

/** The answer's bytes when it is text of a compressible type and large enough, else null. */
function compressible(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  // A string's UTF-8 takes at least one byte per UTF-16 unit and at most three.
  if (typeof payload === 'string' && payload.length * 3 < COMPRESS_FROM_BYTES) return null;
  if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return null;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return body.length < COMPRESS_FROM_BYTES ? null : body;
}

/** Compresses every JSON, HTML or CSV answer of 1,400 bytes or more the browser can take. */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', compressAnswer);
  },
  { name: 'compression' },
);
