import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CachedJson } from '../lib/cached-json.ts';
import { logAnswer, requestIdOf } from '../lib/requests.ts';
import { chooseEncoding } from './compression.ts';
import type { TenantRef } from '../modules/tenants/tenants.repository.ts';
import { normalisedHost, type TenantCache } from './tenant.ts';

/** Past this many kept answers, or this many bytes of them, the door starts afresh. */
const MAX_ANSWERS = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** The longest request line kept: the busiest reads are short (`/api/menu/<uuid>` is 46). */
const MAX_PATH = 128;
/**
 * A Host header in the one spelling kept: lower case, no final dot, no port or a port without
 * leading zeros. Other spellings of the same host are answered by the framework, so that an
 * attacker's variants cannot multiply what is kept.
 */
const CANONICAL_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::[1-9]\d{0,4})?$/;
/** A request line kept: a plain lower-case path (no query, fragment, escape or authority). */
const CANONICAL_PATH = /^\/[a-z0-9/_.-]*$/;

interface Answer {
  key: string;
  /** The shop the Host resolved to; a host that now resolves to another object falls through. */
  tenant: TenantRef;
  host: string;
  /** Where the answer sits in the shop cache; once it is no longer there, this one is stale. */
  name: string;
  cached: CachedJson;
  /** The bytes sent: the kept answer, or its copy in the request's encoding. */
  body: Buffer;
  /**
   * What the answer holds in memory, counted against MAX_BYTES: the JSON, and the compressed
   * copy when it sends one (the JSON stays alive with it).
   */
  weight: number;
  /** Epoch ms at which the answer changes by itself (a dish sold out "today" coming back). */
  until: number | undefined;
  /** The status line's headers as the framework sent them, flat; the request id's slot is set per answer. */
  headers: string[];
  idSlot: number;
}

/**
 * The front door (docs/decisions/0029): the busiest reads, the shop's configuration, home page
 * and menus, which are answers kept as bytes in the shop cache, are replayed straight from the
 * HTTP server's request event, without the framework's request pipeline.
 *
 * An answer is only ever replayed after the framework gave it for the same method, Host header
 * and request line, and only while the shop cache would give the same bytes again: the Host
 * still resolves to the same shop and the cache still holds the same kept answer (a change to
 * the shop clears it, on every process, through NOTIFY, and the door drops that shop's answers
 * with it). Every request that could be answered otherwise (a body, a query string, a
 * conditional request, a forwarded host, HEAD) goes through the framework as before. The
 * replay carries the same status, headers in the same order, body and log line; only the
 * request id is new.
 */
export class FrontDoor {
  /**
   * `<method> <Host header> <path> <encoding>` → answer. The space between Host and path keeps
   * `Host: a:1/api` + `/loadconfig` apart from `Host: a:1` + `/api/loadconfig` (issue 31); the
   * encoding is the one the request's Accept-Encoding chooses (decision 58), empty for none.
   */
  private readonly answers = new Map<string, Answer>();
  /** Each shop's keys, so that a change to one shop drops its answers at once. */
  private readonly keysOfShop = new Map<string, Set<string>>();
  private bytes = 0;
  private wiring: { cache: TenantCache; log: FastifyBaseLogger; now: () => Date } | undefined;
  /** Answers replayed, for the tests that check the door is really used. */
  replayed = 0;

  /** `enabled` false (FRONT_DOOR=off): the door never opens, so the framework answers all. */
  constructor(private readonly enabled = true) {}

  /** From the tenant plugin, once the shop cache and the logger exist. */
  open(wiring: { cache: TenantCache; log: FastifyBaseLogger; now: () => Date }): void {
    if (!this.enabled) return;
    this.wiring = wiring;
    wiring.cache.onDrop((tenantId) =>
      tenantId === undefined ? this.clear() : this.drop(tenantId),
    );
  }

  /** From preClose: while the server closes, the framework answers (with its 503s). */
  close(): void {
    this.wiring = undefined;
    this.clear();
  }

  /** Answers `req` if it is a kept answer's replay; false leaves it to the framework. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const wiring = this.wiring;
    if (!wiring) return false;
    const { headers } = req;
    const encoding = chooseEncoding(headers['accept-encoding']) ?? '';
    const answer = this.answers.get(`${req.method} ${headers.host} ${req.url} ${encoding}`);
    if (
      answer === undefined ||
      !CANONICAL_HOST.test(headers.host!) ||
      headers['if-none-match'] !== undefined ||
      headers['x-forwarded-host'] !== undefined ||
      headers['content-type'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0')
    ) {
      return false;
    }
    const start = performance.now();
    const { cache } = wiring;
    // The shop cache's own checks: the host still names this shop (a NOTIFY or a reconnection
    // clears every host), the answer is still the one kept (each lives 30 s at most), and it
    // has not reached the instant it changes by itself.
    if (
      cache.knownHost(answer.host) !== answer.tenant ||
      cache.peek(answer.tenant.id, answer.name) !== answer.cached ||
      (answer.until !== undefined && wiring.now().getTime() >= answer.until)
    ) {
      this.remove(answer);
      return false;
    }
    const reqId = requestIdOf(headers);
    answer.headers[answer.idSlot] = reqId;
    res.writeHead(200, answer.headers);
    res.end(answer.body);
    this.replayed++;
    logAnswer(wiring.log, {
      reqId,
      method: req.method!,
      url: req.url!,
      status: 200,
      ms: Math.round(performance.now() - start),
    });
    return true;
  }

  /**
   * Keeps the answer being sent for replay: called by a route as it sends a kept answer of the
   * shop cache (`name`) as `body` (compressed or not), with the headers set so far (the security
   * headers, the request id, the ETag, Vary, the type and encoding) and the length the
   * framework adds.
   */
  keep(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: {
      name: string;
      cached: CachedJson;
      body: Buffer;
      until?: number;
    },
  ): void {
    const { headers, url } = request;
    const host = headers.host;
    if (
      !this.wiring ||
      (request.method !== 'GET' && request.method !== 'POST') ||
      url.length > MAX_PATH ||
      !CANONICAL_PATH.test(url) ||
      host === undefined ||
      !CANONICAL_HOST.test(host) ||
      headers['x-forwarded-host'] !== undefined ||
      reply.statusCode !== 200 ||
      request.routeOptions.config.rateLimit !== undefined
    ) {
      return;
    }
    const flat: string[] = [];
    let idSlot = -1;
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (typeof value !== 'string') return;
      if (name === 'x-request-id') idSlot = flat.length + 1;
      flat.push(name, value);
    }
    if (idSlot < 0) return;
    flat.push('content-length', String(kept.body.length));
    // Keyed by the encoding the request chooses, as `serve` looks it up, whether or not this
    // answer was big enough to be compressed.
    const key = `${request.method} ${host} ${url} ${chooseEncoding(headers['accept-encoding']) ?? ''}`;
    const old = this.answers.get(key);
    if (old) this.remove(old);
    if (this.answers.size >= MAX_ANSWERS || this.bytes >= MAX_BYTES) this.clear();
    const weight =
      kept.cached.body.length + (kept.body === kept.cached.body ? 0 : kept.body.length);
    const answer: Answer = {
      key,
      tenant: request.tenant,
      host: normalisedHost(request.hostname),
      name: kept.name,
      cached: kept.cached,
      body: kept.body,
      weight,
      until: kept.until,
      headers: flat,
      idSlot,
    };
    this.answers.set(key, answer);
    this.bytes += weight;
    let keys = this.keysOfShop.get(answer.tenant.id);
    if (!keys) {
      keys = new Set();
      this.keysOfShop.set(answer.tenant.id, keys);
    }
    keys.add(key);
  }

  /** How many answers are kept, and their bytes (the tests check the bounds). */
  get kept(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.bytes };
  }

  private remove(answer: Answer): void {
    if (this.answers.get(answer.key) !== answer) return;
    this.answers.delete(answer.key);
    this.bytes -= answer.weight;
    const keys = this.keysOfShop.get(answer.tenant.id);
    keys?.delete(answer.key);
    if (keys?.size === 0) this.keysOfShop.delete(answer.tenant.id);
  }

  private drop(tenantId: string): void {
    for (const key of this.keysOfShop.get(tenantId) ?? []) {
      const answer = this.answers.get(key);
      if (answer) this.remove(answer);
    }
  }

  private clear(): void {
    this.answers.clear();
    this.keysOfShop.clear();
    this.bytes = 0;
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server, with the front door before the framework's
 * handler, set up as Fastify sets up its own (timeouts from the same options).
 */
export function serverWithFrontDoor(door: FrontDoor) {
  return (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number },
  ) => {
    const server = createServer((req, res) => {
      if (!door.serve(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    frontDoor: FrontDoor;
  }
}

/** Opens the door once the shop cache exists, and shuts it as the server starts closing. */
export const frontDoorPlugin = fp(
  async (app: FastifyInstance, options: { door: FrontDoor; now: () => Date }) => {
    app.decorate('frontDoor', options.door);
    options.door.open({ cache: app.tenantCache, log: app.log, now: options.now });
    app.addHook('preClose', (done) => {
      options.door.close();
      done();
    });
  },
  { name: 'front-door', dependencies: ['tenant'] },
);
