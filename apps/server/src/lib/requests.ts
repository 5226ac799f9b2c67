import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

// What every request gets, whichever way it is answered (Fastify or the front door,
// docs/decisions/0029): its id, its path and its one log line.

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

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * A request target as the path it names. HTTP/1.1 lets a client send the absolute form
 * (`GET http://shop.example/api/customer`, RFC 9112 §3.2.2); every check that reads the path
 * (the personal-data `Cache-Control`, paths that need no shop, the JSON 404 of unknown API
 * paths) must see `/api/customer` either way. The shop is still the Host header's.
 */
export function originForm(url: string): string {
  if (url.charCodeAt(0) === 47) return url; // '/': the usual origin form
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url; // '*' (OPTIONS) and anything else the router refuses itself
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
