import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  roleCan,
  STAFF_SIGNED_IN_COOKIE,
  type Permission,
  type StaffRole,
} from '@servery/contract/staff-roles';
import { AppError } from '../lib/app-error.ts';
import { isUuid } from '../lib/uuid.ts';
import type { DeskRow } from '../modules/desk/desk.repository.ts';
import { isRead, onlyReads, runFirst, type HookDone } from '../lib/route-hooks.ts';

/** The signed-in member of staff behind a request's session cookie. */
export interface StaffIdentity {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The stores this person works in: every store of the shop for an owner. */
  storeIds: string[];
  sessionExpiresAt: Date;
  /** The session behind the cookie (its live streams end when it does: decision 31). */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireStaff` on /api/admin routes. */
    staff: StaffIdentity | null;
    /**
     * Set by `app.requireStaff(…, { withOrder: true })`: the order the path's `:id` names, read
     * with the session, when it is one of the person's stores' (null: none); undefined when it
     * was not read (the id is no UUID, and the route's validation answers).
     */
    staffOrder: DeskRow | null | undefined;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of a staff route (before the body is read or checked): 401 without a live session of this shop, 403 when the
     * person's role lacks `permission` (none: any member of staff).
     */
    requireStaff: (
      permission?: Permission,
      options?: { withOrder: true },
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    staffCookie: StaffCookie;
  }
}

export interface StaffCookie {
  name: string;
  /**
   * The Set-Cookie values that store `token` for `maxAgeSeconds`, and the readable hint that a
   * session is held (STAFF_SIGNED_IN_COOKIE) for as long.
   */
  set(token: string, maxAgeSeconds: number): string[];
  /** The Set-Cookie values that end both. */
  clear(): string[];
  read(request: FastifyRequest): string | undefined;
  /** Whether the request carries the hint. */
  hinted(request: FastifyRequest): boolean;
}

/** The value of the cookie `name` in the request's Cookie header, or undefined. */
function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export interface StaffSessionOptions {
  production: boolean;
  /**
   * The person behind a token in this shop (and moves the idle expiry on), or undefined; with
   * `orderId`, also that order of theirs read in the same round trip (decision 55).
   */
  resolveSession: (
    tenantId: string,
    token: string,
    orderId?: string,
  ) => Promise<
    { identity: StaffIdentity; refreshedCookieSeconds?: number; row?: DeskRow | null } | undefined
  >;
}

const TOKEN = /^[\w-]{16,128}$/;
/** The staff application's API: /api/admin and everything under it. */
const STAFF_PATH = /^\/api\/admin(?:\/|$)/;

export function staffCookie(production: boolean): StaffCookie {
  // __Host- makes the browser refuse the cookie unless Secure, host-only and for path /.
  const prefix = production ? '__Host-' : '';
  const name = `${prefix}servery_staff`;
  const hint = `${prefix}${STAFF_SIGNED_IN_COOKIE}`;
  const secure = production ? '; Secure' : '';
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure}`;
  // The hint is readable by the page (no HttpOnly): it says a session is held, and is no key.
  const hintAttributes = `Path=/; SameSite=Strict${secure}`;
  return {
    name,
    set: (token, maxAge) => [
      `${name}=${token}; Max-Age=${maxAge}; ${attributes}`,
      `${hint}=1; Max-Age=${maxAge}; ${hintAttributes}`,
    ],
    clear: () => [`${name}=; Max-Age=0; ${attributes}`, `${hint}=; Max-Age=0; ${hintAttributes}`],
    read(request) {
      const token = cookieValue(request, name);
      return token !== undefined && TOKEN.test(token) ? token : undefined;
    },
    hinted: (request) => cookieValue(request, hint) !== undefined,
  };
}

/**
 * The staff application's sessions (docs/decisions/0014). A cookie, not a bearer token: it is
 * HttpOnly (no script reads it), SameSite=Strict, and EventSource sends it. Every call under
 * /api/admin that changes something must also come from the shop's own origin: SameSite
 * keeps other sites' requests cookie-less, and the Origin check covers browsers and proxies
 * that get SameSite wrong. (Answers under /api/admin are never cached: security-headers.ts.)
 */
export const staffSessionPlugin = fp(
  async (app: FastifyInstance, options: StaffSessionOptions) => {
    const cookie = staffCookie(options.production);
    app.decorate('staffCookie', cookie);
    app.decorateRequest('staff', null);

    // Calls that change something under /api/admin must come from the shop's own origin. The
    // check is put on those routes as they are registered, so no other request pays for it.
    const fromOurOrigin = (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
      if (isRead(request.method) || sameOrigin(request)) {
        done();
        return;
      }
      done(
        new AppError(
          403,
          'cross_origin',
          'This request did not come from the staff application of this shop.',
        ),
      );
    };
    app.addHook('onRoute', (route) => {
      if (STAFF_PATH.test(route.url) && !onlyReads(route)) {
        runFirst(route, 'onRequest', fromOurOrigin);
      }
    });

    app.decorateRequest('staffOrder', undefined);
    app.decorate('requireStaff', (permission?: Permission, read?: { withOrder: true }) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const token = cookie.read(request);
        // The order a desk move names comes with the session (its id checked first: the
        // route's own validation, which answers a bad one, runs after this hook).
        const id = read?.withOrder ? (request.params as { id?: unknown }).id : undefined;
        const orderId = typeof id === 'string' && isUuid(id) ? id : undefined;
        const found = token && (await options.resolveSession(request.tenant.id, token, orderId));
        if (!found) {
          // A session that has ended (idle too long, signed out in another tab, the person
          // removed): its cookie and hint go, so the application stops asking (decision 83).
          if (token || cookie.hinted(request)) void reply.header('set-cookie', cookie.clear());
          throw new AppError(401, 'unauthorized', 'Please sign in to the staff application.');
        }
        if (found.refreshedCookieSeconds) {
          void reply.header('set-cookie', cookie.set(token, found.refreshedCookieSeconds));
        }
        request.staff = found.identity;
        if (orderId) request.staffOrder = found.row ?? null;
        if (permission && !roleCan(found.identity.role, permission)) {
          throw new AppError(403, 'forbidden', 'Your role does not allow this. Ask an owner.');
        }
      };
    });
  },
  { name: 'staff-session', dependencies: ['tenant', 'error-handler'] },
);

/**
 * The request's Origin is the shop's own origin: the same scheme and host (and port) as the
 * request was made to, as resolved, so behind a trusted proxy the X-Forwarded-Proto and
 * X-Forwarded-Host it sets (the Host header is then the proxy's). An `https://` page is not
 * the `http://` one (issue 31).
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || !request.host) return false;
  try {
    const ours = new URL(`${request.protocol}://${request.host}`);
    const theirs = new URL(origin);
    return theirs.protocol === ours.protocol && theirs.host === ours.host;
  } catch {
    return false;
  }
}

/** The staff member of a route guarded by `requireStaff` (never null there). */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff)
    throw new AppError(401, 'unauthorized', 'Please sign in to the staff application.');
  return request.staff;
}

/** Whether this person works in `storeId`; a store of another shop is never theirs. */
export function worksIn(staff: StaffIdentity, storeId: string): boolean {
  return staff.storeIds.includes(storeId);
}
