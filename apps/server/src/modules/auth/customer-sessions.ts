import type { Database, Transaction } from '../../db/client.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import { customerIdOfSession, insertSession, orderSessionOf } from './auth.repository.ts';
import { newSessionToken } from './otp-codes.ts';
import { DAY, OTP_LIMITS } from './sign-in-checks.ts';

/**
 * A signed-in customer's session: an opaque bearer token, kept only as its hash, live for
 * `OTP_LIMITS.sessionDays` in the shop it was made in.
 */

/** Opens a session for a customer who just proved a contact: the token and when it ends. */
export async function openSession(
  tx: Transaction,
  tenantId: string,
  customerId: string,
  at: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(at.getTime() + OTP_LIMITS.sessionDays * DAY);
  await insertSession(tx, {
    tenantId,
    customerId,
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: at,
  });
  return { token, expiresAt };
}

/** Who is behind a bearer token: what the customer session plugin asks on each request. */
export function createCustomerSessions(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  /** The customer id behind a bearer token in this shop, or undefined. */
  function customerIdForToken(tenantId: string, token: string): Promise<string | undefined> {
    return customerIdOfSession(db, tenantId, hashToken(token), now());
  }

  /**
   * The same for an order, with the customer's contact and their saved address `addressId`
   * read in the same round trip: undefined without a live session, address null when none is
   * named or it is not theirs (an id that is no UUID is no address of anyone's).
   */
  function orderSessionForToken(tenantId: string, token: string, addressId: string | undefined) {
    const address = addressId !== undefined && isUuid(addressId) ? addressId : null;
    return orderSessionOf(db, tenantId, hashToken(token), now(), address);
  }

  return { customerIdForToken, orderSessionForToken };
}
export type CustomerSessions = ReturnType<typeof createCustomerSessions>;
