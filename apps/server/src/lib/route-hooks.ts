import type { RouteOptions } from 'fastify';

type RouteHookName = 'onRequest' | 'preValidation';

/** The callback of a synchronous hook: no error, or the error to answer with. */
export type HookDone = (error?: Error) => void;

/**
 * From an `onRoute` hook: puts `hook` first among the route's own hooks of that name. A check
 * only some routes need then runs on those routes alone instead of on every request (a hook
 * added with `app.addHook` costs every answer, the busiest reads too: issue 19). Route hooks run
 * after the application's (security headers, tenant), so the check sees `request.tenant`.
 */
export function runFirst(route: RouteOptions, name: RouteHookName, hook: unknown): void {
  const own: unknown = route[name];
  const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
  (route as unknown as Record<RouteHookName, unknown[]>)[name] = [hook, ...hooks];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an HTTP method only reads (GET, HEAD, OPTIONS). */
export const isRead = (method: string): boolean => READS.has(method.toUpperCase());

/** Whether every method of the route only reads. */
export const onlyReads = (route: RouteOptions): boolean =>
  (Array.isArray(route.method) ? route.method : [route.method]).every(isRead);
