import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CachedJson } from '../lib/cached-json.ts';
import type { TenantRef } from '../modules/tenants/tenants.repository.ts';
import { normalisedHost, type TenantCache } from './tenant.ts';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A request's id: the caller's `X-Request-Id` when it is a sane one, else a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The one log line of every answer, with what an operator needs to find it again. */
export function logAnswer(
  log: FastifyBaseLogger,
  fields: { reqId?: string; method: string; url: string; status: number; ms: number },
): void {
  log.info(fields, 'request');
}

/** The path of a request line: a query string may carry an e-mail address or a name. */
export const pathOf = (url: string): string => url.split('?', 1)[0]!;

/** Past this many kept answers the front door starts afresh (random Host headers or ids). */
const MAX_ANSWERS = 10_000;

interface Answer {
  /** The shop the Host resolved to; a host that now resolves to another object falls through. */
  tenant: TenantRef;
  host: string;
  /** Where the answer sits in the shop cache; once it is no longer there, this one is stale. */
  name: string;
  cached: CachedJson;
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
 * the shop clears it, on every process, through NOTIFY). Every request that could be answered
 * otherwise (a body, a query string, a conditional request, a forwarded host, HEAD) goes
 * through the framework as before. The replay carries the same status, headers in the same
 * order, body and log line; only the request id is new.
 */
export class FrontDoor {
  /** Method → Host header → request line → answer. */
  private readonly answers = new Map<string, Map<string, Map<string, Answer>>>();
  private size = 0;
  private wiring: { cache: TenantCache; log: FastifyBaseLogger; now: () => Date } | undefined;
  /** Answers replayed, for the tests that check the door is really used. */
  replayed = 0;

  /** From the tenant plugin, once the shop cache and the logger exist. */
  open(wiring: { cache: TenantCache; log: FastifyBaseLogger; now: () => Date }): void {
    this.wiring = wiring;
  }

  /** From preClose: while the server closes, the framework answers (with its 503s). */
  close(): void {
    this.wiring = undefined;
    this.answers.clear();
    this.size = 0;
  }

  /** Answers `req` if it is a kept answer's replay; false leaves it to the framework. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const wiring = this.wiring;
    if (!wiring) return false;
    const { headers } = req;
    const hostHeader = headers.host;
    if (hostHeader === undefined) return false;
    const answer = this.answers.get(req.method!)?.get(hostHeader)?.get(req.url!);
    if (
      answer === undefined ||
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
    // clears every host), and the answer is still the one kept (a change on this process drops
    // the shop's answers at once; each also lives 30 s at most).
    if (
      cache.knownHost(answer.host) !== answer.tenant ||
      cache.peek(answer.tenant.id, answer.name) !== answer.cached ||
      (answer.until !== undefined && wiring.now().getTime() >= answer.until)
    ) {
      this.answers.get(req.method!)?.get(hostHeader)?.delete(req.url!);
      return false;
    }
    const reqId = requestIdOf(headers);
    answer.headers[answer.idSlot] = reqId;
    res.writeHead(200, answer.headers);
    res.end(answer.cached.body);
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
   * shop cache (`name`), with the headers set so far (the security headers, the request id,
   * the ETag and the type) and the length the framework adds.
   */
  keep(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: { name: string; cached: CachedJson; until?: number },
  ): void {
    const { headers } = request;
    if (
      !this.wiring ||
      (request.method !== 'GET' && request.method !== 'POST') ||
      request.url.includes('?') ||
      headers['x-forwarded-host'] !== undefined ||
      headers.host === undefined ||
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
    flat.push('content-length', String(kept.cached.body.length));
    let byHost = this.answers.get(request.method);
    if (!byHost) {
      byHost = new Map();
      this.answers.set(request.method, byHost);
    }
    let byUrl = byHost.get(headers.host);
    if (!byUrl) {
      byUrl = new Map();
      byHost.set(headers.host, byUrl);
    }
    if (!byUrl.has(request.url)) {
      if (this.size >= MAX_ANSWERS) {
        this.answers.clear();
        this.size = 0;
        return;
      }
      this.size++;
    }
    byUrl.set(request.url, {
      tenant: request.tenant,
      host: normalisedHost(request.hostname),
      name: kept.name,
      cached: kept.cached,
      until: kept.until,
      headers: flat,
      idSlot,
    });
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
