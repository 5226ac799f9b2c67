import { createHash } from 'node:crypto';

/**
 * The SHA-256 (hex) a secret link or session token is kept as: sign-in sessions, booking links,
 * unsubscribe links. The database never holds the token itself.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
