import { STORAGE_KEYS } from './storage-keys.ts';

// Issue 30: sign-in returns the customer to the page they started from (checkout, a dish, the
// booking form) instead of the menu. The path is kept for the tab in session storage, so the
// login screen and the code screen need nothing handed between them.

/** A return older than this is from another errand: sign-in then lands on the menu. */
const RETURN_TO_MAX_AGE_MS = 30 * 60 * 1000;
/** Pages sign-in never returns to (the sign-in screens themselves). */
const NOT_RETURNED_TO = /^\/(login|verification)(\/|$|\?|#)/;

/**
 * The path if it is a same-origin path of this app: one leading slash, no scheme, no
 * protocol-relative `//host` or `/\host`, no control characters; otherwise null.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (NOT_RETURNED_TO.test(value)) return null;
  try {
    // Resolved against a throwaway origin: a path that leaves it is not a path of ours.
    const resolved = new URL(value, 'https://servery.invalid');
    if (resolved.origin !== 'https://servery.invalid') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

/** Remembers where to come back to after signing in (the current page when not given). */
export function rememberReturnTo(path = `${location.pathname}${location.search}`): void {
  const safe = safeReturnPath(path);
  try {
    if (safe)
      sessionStorage.setItem(STORAGE_KEYS.returnTo, JSON.stringify({ path: safe, at: Date.now() }));
    else sessionStorage.removeItem(STORAGE_KEYS.returnTo);
  } catch {
    // Storage disabled: sign-in lands on the menu.
  }
}

/** Where sign-in should go now (once: the remembered path is forgotten), else `fallback`. */
export function takeReturnTo(fallback: string): string {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.returnTo);
    sessionStorage.removeItem(STORAGE_KEYS.returnTo);
    if (!raw) return fallback;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || Date.now() - at > RETURN_TO_MAX_AGE_MS) return fallback;
    return safeReturnPath(path) ?? fallback;
  } catch {
    return fallback;
  }
}
