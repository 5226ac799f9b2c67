import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';
import {
  findTenantByHost,
  findTenantBySlug,
  type TenantRef,
} from '../modules/tenants/tenants.repository.ts';
import { escapeHtml } from '../lib/escape-html.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop this request is for, resolved from its Host. */
    tenant: TenantRef;
  }
  interface FastifyInstance {
    tenantCache: TenantCache;
  }
}

const TTL_MS = 30_000;
const MAX_HOSTS = 10_000;

/** A host name as the shop cache keys it: lower case, without a final dot. */
export const normalisedHost = (hostname: string): string =>
  hostname.toLowerCase().replace(/\.$/, '');

interface Entry<T> {
  value: Promise<T>;
  expires: number;
  /** Set once `value` has resolved, so that a hit needs no await. */
  settled?: { value: T };
}

/**
 * What the server derives from a tenant's rows (host lookups, the configuration and home
 * answers) kept in memory. A change made by any process is announced with NOTIFY and clears
 * it; after the listening connection comes back everything is cleared (a notification may have
 * been missed), and the short lifetime is a last resort.
 */
export class TenantCache {
  private readonly hosts = new Map<string, Entry<TenantRef | null>>();
  /** Per tenant id, per name (`config:ordering`, `menu:<store id>`, …). */
  private readonly values = new Map<string, Map<string, Entry<unknown>>>();
  private readonly dropListeners: ((tenantId: string | undefined) => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly defaultTenant: string | undefined,
  ) {}

  resolveHost(host: string): Promise<TenantRef | null> {
    return this.remember(this.hosts, host, async () => {
      const found = await findTenantByHost(this.db, host);
      if (found || !this.defaultTenant) return found;
      const fallback = await findTenantBySlug(this.db, this.defaultTenant);
      return fallback ? { id: fallback.id, slug: fallback.slug, variant: 'ordering' } : null;
    });
  }

  /**
   * The shop of a host already resolved (not null: unknown hosts take the slow path), or
   * undefined; read without a promise, as every request does.
   */
  knownHost(host: string): TenantRef | undefined {
    const hit = this.hosts.get(host);
    if (!hit?.settled || hit.expires <= Date.now()) return undefined;
    return hit.settled.value ?? undefined;
  }

  /**
   * The kept value of a tenant and name if it is settled and current, without a promise (the
   * front door checks that an answer it replays is still the one kept).
   */
  peek(tenantId: string, name: string): unknown {
    const hit = this.values.get(tenantId)?.get(name);
    if (!hit?.settled || hit.expires <= Date.now()) return undefined;
    return hit.settled.value;
  }

  /** A value computed once per tenant and name until the tenant changes. */
  get<T>(tenantId: string, name: string, build: () => Promise<T>): Promise<T> {
    let kept = this.values.get(tenantId);
    if (!kept) {
      kept = new Map();
      this.values.set(tenantId, kept);
    }
    return this.remember(kept as Map<string, Entry<T>>, name, build);
  }

  /**
   * Drops what is kept of one tenant: the process that changed it answers from the new rows at
   * once, without waiting for its own NOTIFY to come back.
   */
  forget(tenantId: string): void {
    this.values.delete(tenantId);
    for (const listener of this.dropListeners) listener(tenantId);
  }

  clear(): void {
    this.hosts.clear();
    this.values.clear();
    for (const listener of this.dropListeners) listener(undefined);
  }

  /** Told when a tenant's values are dropped (its id), or everything is (undefined). */
  onDrop(listener: (tenantId: string | undefined) => void): void {
    this.dropListeners.push(listener);
  }

  private remember<T>(
    map: Map<string, Entry<T>>,
    key: string,
    build: () => Promise<T>,
  ): Promise<T> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.expires > now) return hit.value;
    // Random Host headers (or names asked of one shop) must not grow memory without bound.
    if (map.size >= MAX_HOSTS) map.clear();
    const value = build();
    const entry: Entry<T> = { value, expires: now + TTL_MS };
    map.set(key, entry);
    value.then(
      (settled) => {
        entry.settled = { value: settled };
      },
      () => map.delete(key),
    );
    return value;
  }
}

/**
 * Paths that answer the same for every host and need no tenant (a provider's webhook finds
 * its shop from the payment). Anchored at both ends: /healthzfoo is not /healthz, and must
 * never reach a handler that reads `request.tenant`.
 */
const TENANTLESS =
  /^\/(?:(?:healthz|readyz|api\/openapi\.json)(?:\?|$)|api\/docs(?:[/?]|$)|assets\/|api\/webhooks\/)/;

/**
 * A Host header as browsers send it: a DNS name or an IP address, and an optional port.
 * Anything else (`shop.test@evil.example`, spaces, paths) is refused before it can be read as
 * a host or copied into anything.
 */
const VALID_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const tenantPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      db: Database;
      defaultTenant: string | undefined;
      listen: DatabaseHandle['listen'];
      channel: string;
    },
  ) => {
    const cache = new TenantCache(options.db, options.defaultTenant);
    app.decorate('tenantCache', cache);
    app.decorateRequest('tenant', null as unknown as TenantRef);

    // A change announced while the connection was down was missed: start afresh after it.
    const unsubscribe = await options.listen(options.channel, () => cache.clear(), {
      onLost: () =>
        app.log.warn('shop cache: the LISTEN connection was lost; kept answers may be stale'),
      onReconnect: () => {
        cache.clear();
        app.log.info('shop cache: the LISTEN connection is back; kept answers dropped');
      },
    });
    app.addHook('onClose', async () => unsubscribe());

    // The host name each Host header names, for the headers seen: checked and normalised once,
    // then one lookup a request. Without X-Forwarded-Host, Fastify's hostname is the Host
    // header's; with one (behind a trusted proxy it wins), the name is worked out every time.
    const hostOfHeader = new Map<string, string>();

    // A callback hook: a host seen before resolves without a promise (every request runs it).
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const hostHeader = request.headers.host;
      const direct = request.headers['x-forwarded-host'] === undefined;
      let host = direct && hostHeader ? hostOfHeader.get(hostHeader) : undefined;
      if (host === undefined) {
        if (!hostHeader || hostHeader.length > 260 || !VALID_HOST.test(hostHeader)) {
          void reply.code(400).send({
            status: 400,
            message: 'The Host header is not a valid host name.',
            data: null,
          });
          return;
        }
        host = normalisedHost(request.hostname);
        if (direct) {
          if (hostOfHeader.size >= MAX_HOSTS) hostOfHeader.clear();
          hostOfHeader.set(hostHeader, host);
        }
      }
      if (TENANTLESS.test(request.url)) {
        done();
        return;
      }
      const known = cache.knownHost(host);
      if (known) {
        request.tenant = known;
        done();
        return;
      }
      cache.resolveHost(host).then((tenant) => {
        if (!tenant) {
          noShopAt(host, request, reply);
          return;
        }
        request.tenant = tenant;
        done();
      }, done);
    });
  },
  { name: 'tenant', dependencies: ['error-handler'] },
);

/** The 404 of a host no shop claims: JSON for the API and scripts, a page for a browser. */
function noShopAt(host: string, request: FastifyRequest, reply: FastifyReply): void {
  const message = `No shop is set up at ${host}.`;
  if (request.url.startsWith('/api/') || !request.headers.accept?.includes('text/html')) {
    void reply.code(404).send({ status: 404, message, data: null });
    return;
  }
  void reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Shop not found</title>` +
        `<main><h1>Shop not found</h1><p>${escapeHtml(message)}</p></main></html>`,
    );
}
