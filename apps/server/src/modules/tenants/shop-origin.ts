import type { FastifyRequest } from 'fastify';
import type { SiteVariant } from '@servery/contract/config';

/**
 * The origin every link in a message is built from (issue 12: a Host header must never choose
 * where a link points). The host is the one the request came in on when it is one of the shop's
 * own (a booking made on the reservation site links back there), and otherwise the shop's
 * canonical host, the first `ordering` host of its document (a Host that only fell back to the
 * shop through DEFAULT_TENANT never appears in a link). Production links are https; outside
 * production they keep the scheme and port the request came in on, so that links work on
 * http://localhost:3000.
 */
export function shopOrigin(
  hosts: readonly { host: string; variant: SiteVariant }[],
  request: FastifyRequest,
  { production }: { production: boolean },
): string {
  const host = ownHostOf(hosts, request);
  if (production) return `https://${host}`;
  const port = /:(\d{1,5})$/.exec(request.headers.host ?? '')?.[1];
  return `${request.protocol}://${host}${port ? `:${port}` : ''}`;
}

/** The host the request came in on, if it is one of the shop's own; else its canonical host. */
export function ownHostOf(
  hosts: readonly { host: string; variant: SiteVariant }[],
  request: FastifyRequest,
): string {
  const asked = request.hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return hosts.some((h) => h.host === asked)
    ? asked
    : (hosts.find((h) => h.variant === 'ordering')?.host ?? hosts[0]?.host ?? asked);
}

/**
 * The origin of links in messages sent without a request (a sweeper's reminder): the shop's
 * canonical host, https in production; outside production http on this server's port, so that
 * links work on http://localhost:3000.
 */
export function canonicalOrigin(
  hosts: readonly { host: string; variant: SiteVariant; position?: number }[],
  { production, port }: { production: boolean; port?: number },
): string {
  const ordered = [...hosts].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const host =
    ordered.find((h) => h.variant === 'ordering')?.host ?? ordered[0]?.host ?? 'localhost';
  if (production) return `https://${host}`;
  return `http://${host}${port && port !== 80 ? `:${port}` : ''}`;
}
