import { randomUUID } from 'node:crypto';
import {
  STAFF_CODE_LENGTH,
  STAFF_CODE_SENT_MESSAGE,
  STAFF_CODE_WRONG_MESSAGE,
  type StaffSession,
} from '@servery/contract/staff';
import { ROLE_PERMISSIONS, STAFF_SESSION_IDLE_HOURS } from '@servery/contract/staff-roles';
import type { Database, Transaction } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { networkOf } from '../../lib/network.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { codeMatches, hashCode, newCode, newSessionToken } from '../auth/otp-codes.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { staffCodeMessage } from './staff-messages.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  NETWORK_REFUSED_MESSAGE,
  STAFF_CODE_LIMITS,
  networkRefused,
  notSentMessage,
  tooMany,
} from './staff-sign-in-limits.ts';
import { enqueueOrDiscard, guessableSendTimesSince, useCode } from './staff-sign-in.repository.ts';
import {
  closeOpenCodes,
  codeFailuresSince,
  codeSendTimesSince,
  findActiveStaffByEmail,
  findLiveSession,
  type LiveStaffSession,
  insertCode,
  insertSession,
  latestCode,
  lockStaffEmail,
  recordCodeFailure,
  spendCodeTry,
  storesOfTenant,
  touchSession,
  updateStaff,
  deleteSessionByHash,
  type StaffRow,
} from './staff.repository.ts';

export { STAFF_CODE_LIMITS };

const IDLE_MS = STAFF_SESSION_IDLE_HOURS * HOUR;
/** A session's expiry moves on at most this often: not a write on every request. */
const TOUCH_EVERY_MS = MINUTE;

/**
 * A read of a live staff session (staff.repository.ts `liveSessionColumns`, `LIVE_STAFF_SESSION`)
 * that brings a row of the shop with it, for a route that needs both at once (decision 55): the
 * desk's move reads the order it moves this way.
 */
export type SessionReadWith<Row> = (key: {
  tenantId: string;
  tokenHash: string;
  at: Date;
}) => Promise<{ session: LiveStaffSession | undefined; row: Row | null } | undefined>;

export interface StaffShop {
  tenantId: string;
  name: string;
  colour: string;
  timeZone: string;
  /** The desk shows each waiting order's time left before it is rejected unanswered. */
  autoRejectMinutes: number;
  /** The shop's own origin, for the link in the e-mail (never the request's Host). */
  origin: string;
}

export interface StaffSignInDeps {
  db: Database;
  secretKey: Buffer;
  now: () => Date;
  onMessageQueued: () => void;
}

export function createStaffSignIn(deps: StaffSignInDeps) {
  const { db, secretKey, now } = deps;

  /**
   * E-mails a code when the address belongs to an active member of staff, and answers what to
   * tell the person. The answer is the same for any address, and so is the work: a code row
   * is written for every address, and so is the e-mail, in a savepoint kept only for staff.
   */
  async function sendCode(shop: StaffShop, email: string, ip: string): Promise<string> {
    const at = now();
    const message = await db.transaction(async (tx) => {
      await lockStaffEmail(tx, shop.tenantId, email);
      const notSent = await reasonNotToSend(tx, shop.tenantId, email, ip, at);
      if (notSent) return notSent;

      const staff = await findActiveStaffByEmail(tx, shop.tenantId, email);
      await closeOpenCodes(tx, shop.tenantId, email, at);
      const id = randomUUID();
      const code = newCode(STAFF_CODE_LENGTH);
      const expiresAt = new Date(at.getTime() + STAFF_CODE_LIMITS.codeValidMinutes * MINUTE);
      // A code row is written for unknown addresses too (it can never match anybody): the
      // cooldown and caps then behave the same for every address.
      await insertCode(tx, {
        id,
        tenantId: shop.tenantId,
        email,
        codeHash: hashCode(secretKey, id, code),
        requestIp: ip,
        createdAt: at,
        expiresAt,
      });
      const name = staff?.name ?? email.split('@')[0]!;
      const mail = staffCodeMessage({ shop, to: email, name, code, expiresAt });
      await enqueueOrDiscard(tx, mail, staff !== undefined);
      return STAFF_CODE_SENT_MESSAGE;
    });
    // The outbox is woken for every address, after the answer has gone out.
    setImmediate(deps.onMessageQueued);
    return message;
  }

  /** Checks a code; answers the new session's token and who signed in. */
  async function signIn(shop: StaffShop, email: string, otp: string, ip: string) {
    const at = now();
    const network = networkOf(ip);
    const outcome = await db.transaction(async (tx) => {
      await lockStaffEmail(tx, shop.tenantId, email);
      const failures = await codeFailuresSince(
        tx,
        shop.tenantId,
        email,
        network,
        new Date(at.getTime() - DAY),
      );
      if (networkRefused(failures)) return { error: tooMany(NETWORK_REFUSED_MESSAGE, 24 * 3600) };
      const code = await latestCode(tx, shop.tenantId, email);
      const staff = await findActiveStaffByEmail(tx, shop.tenantId, email);
      const live = code && !code.closedAt && code.expiresAt > at;
      if (!live || !staff || !codeMatches(secretKey, code.id, otp, code.codeHash)) {
        if (live) {
          const spent = code.failedAttempts + 1 >= STAFF_CODE_LIMITS.triesPerCode;
          await spendCodeTry(tx, code.id, at, spent);
        }
        await recordCodeFailure(tx, { tenantId: shop.tenantId, email, network, failedAt: at });
        return { error: badRequest(STAFF_CODE_WRONG_MESSAGE, { otp: STAFF_CODE_WRONG_MESSAGE }) };
      }
      await useCode(tx, code.id, at);
      const token = newSessionToken();
      const expiresAt = new Date(at.getTime() + IDLE_MS);
      await insertSession(tx, {
        tenantId: shop.tenantId,
        staffId: staff.id,
        tokenHash: hashToken(token),
        expiresAt,
        lastSeenAt: at,
        createdAt: at,
      });
      const signedIn = await updateStaff(tx, shop.tenantId, staff.id, { lastSignInAt: at }, at);
      return { token, staff: signedIn!, expiresAt };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome;
  }

  /**
   * The person behind a cookie's token, moving the idle expiry on at most once a minute. With
   * `readWith`, the session is read by it, with a row of the shop beside it in the same round
   * trip (decision 55): `row` is that row when it belongs to one of the person's stores, else
   * null.
   */
  async function resolveSession<Row extends { storeId: string }>(
    tenantId: string,
    token: string,
    storeIdsOfShop: () => Promise<string[]>,
    readWith?: SessionReadWith<Row>,
  ) {
    const at = now();
    const key = { tenantId, tokenHash: hashToken(token), at };
    const read = readWith
      ? await readWith(key)
      : { session: await findLiveSession(db, tenantId, key.tokenHash, at), row: null };
    const found = read?.session;
    if (!found) return undefined;
    let expiresAt = found.expiresAt;
    let refreshedCookieSeconds: number | undefined;
    if (at.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      expiresAt = new Date(at.getTime() + IDLE_MS);
      await touchSession(db, found.sessionId, at, expiresAt);
      refreshedCookieSeconds = IDLE_MS / 1000;
    }
    const identity = await identityOf(found.staff, expiresAt, storeIdsOfShop);
    const row = read.row && identity.storeIds.includes(read.row.storeId) ? read.row : null;
    return { identity: { ...identity, sessionId: found.sessionId }, refreshedCookieSeconds, row };
  }

  /** Ends the session; its open live streams end on every process (decision 31). */
  async function signOut(tenantId: string, token: string) {
    await db.transaction(async (tx) => {
      for (const sessionId of await deleteSessionByHash(tx, tenantId, hashToken(token))) {
        await recordLiveEvent(tx, {
          tenantId,
          storeId: null,
          kind: 'staff.signed_out',
          entityId: sessionId,
        });
      }
    });
  }

  /** GET /api/admin/session: who, what they may do, which stores. */
  async function describe(identity: StaffIdentity, shop: StaffShop): Promise<StaffSession> {
    const allStores = await storesOfTenant(db, shop.tenantId);
    return {
      staff: { id: identity.id, email: identity.email, name: identity.name, role: identity.role },
      permissions: [...ROLE_PERMISSIONS[identity.role]],
      stores: allStores
        .filter((s) => identity.storeIds.includes(s.id))
        .map((s) => ({ id: s.id, name: s.name })),
      whole_shop: allStores.every((s) => identity.storeIds.includes(s.id)),
      shop: {
        name: shop.name,
        timeZone: shop.timeZone,
        auto_reject_minutes: shop.autoRejectMinutes,
      },
      expires_at: identity.sessionExpiresAt.toISOString(),
    };
  }

  return { sendCode, signIn, resolveSession, signOut, describe };
}
export type StaffSignIn = ReturnType<typeof createStaffSignIn>;

/**
 * Why no new code goes out (the answer's message), or null to send one. Throws when the IP
 * has asked for too many. Nothing here looks at who is staff.
 */
async function reasonNotToSend(
  tx: Transaction,
  tenantId: string,
  email: string,
  ip: string,
  at: Date,
): Promise<string | null> {
  const hourAgo = new Date(at.getTime() - HOUR);
  const ipSends = await codeSendTimesSince(tx, tenantId, { ip }, hourAgo);
  if (ipSends.length >= STAFF_CODE_LIMITS.sendsPerIpPerHour) {
    const until = ipSends[ipSends.length - STAFF_CODE_LIMITS.sendsPerIpPerHour]!.getTime() + HOUR;
    const minutes = Math.ceil((until - at.getTime()) / MINUTE);
    throw tooMany(
      `Too many codes were asked for from your network. Please try again in ${minutes} minutes.`,
      Math.ceil((until - at.getTime()) / 1000),
    );
  }
  const latest = await latestCode(tx, tenantId, email);
  // A code already used to sign in is no reason to wait: signing in on a second device, or
  // signing out and straight back in, is a new sign-in, not a resend.
  const cooldownEnds =
    latest && !latest.usedAt
      ? latest.createdAt.getTime() + STAFF_CODE_LIMITS.resendCooldownSeconds * 1000
      : 0;
  if (cooldownEnds > at.getTime()) return notSentMessage('cooldown', cooldownEnds - at.getTime());
  // Nor does it count against the hourly cap, unless somebody guessed at it first.
  const counted = await guessableSendTimesSince(tx, tenantId, email, hourAgo);
  if (counted.length >= STAFF_CODE_LIMITS.sendsPerAddressPerHour) {
    const oldest = counted[counted.length - STAFF_CODE_LIMITS.sendsPerAddressPerHour]!;
    return notSentMessage('cap', oldest.getTime() + HOUR - at.getTime());
  }
  return null;
}

/** Owners work in every store of the shop; others in the shop's stores they are given. */
export async function identityOf(
  staff: StaffRow,
  sessionExpiresAt: Date,
  storeIdsOfShop: () => Promise<string[]>,
): Promise<StaffIdentity> {
  const shopStores = await storeIdsOfShop();
  return {
    id: staff.id,
    tenantId: staff.tenantId,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    storeIds:
      staff.role === 'owner' ? shopStores : staff.storeIds.filter((id) => shopStores.includes(id)),
    sessionExpiresAt,
  };
}
