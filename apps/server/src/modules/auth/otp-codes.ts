import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A code of `length` digits, every one equally likely (crypto.randomInt, no modulo bias). */
export function newCode(length: 4 | 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/**
 * The code's keyed hash, bound to its challenge: the same digits hash differently for another
 * challenge, and without the key a copy of the database does not reveal live codes.
 */
export function hashCode(key: Buffer, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');
}

export function codeMatches(key: Buffer, challengeId: string, code: string, hash: string): boolean {
  const given = Buffer.from(hashCode(key, challengeId, code), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A session token: 256 random bits; the database keeps only its SHA-256. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}
