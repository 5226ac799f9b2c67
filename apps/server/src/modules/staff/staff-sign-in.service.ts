import { randomUUID } from 'node:crypto';
import {
  STAFF_CODE_LENGTH,
  STAFF_CODE_WRONG_MESSAGE,
  type StaffSession,
} from '@servery/contract/staff';
import { ROLE_PERMISSIONS, STAFF_SESSION_IDLE_HOURS } from '@servery/contract/staff-roles';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { networkOf } from '../../lib/network.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { codeMatches, hashCode, newCode, newSessionToken } from '../auth/otp-codes.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { staffCodeMessage } from './staff-messages.ts';
import {
  closeCode,
  closeOpenCodes,
  codeFailuresSince,
  codeSendTimesSince,
  findActiveStaffByEmail,
  findLiveSession,
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

/**
 * The numbers of staff sign-in (docs/decisions/0014-staff-sessions-and-roles.md). A 6-digit
 * code is one in a million; at most 100 wrong codes a day per address, whatever the number of
 * networks, leaves an attacker a 0.01 % chance a day. A network that gets 10 wrong is shut out
 * for that address, so one attacker cannot lock the real person out from their own network.
 */
export const STAFF_CODE_LIMITS = {
  codeValidMinutes: 10,
  triesPerCode: 5,
  failuresPerDayPerNetwork: 10,
  failuresPerDay: 100,
  resendCooldownSeconds: 60,
  sendsPerAddressPerHour: 5,
  sendsPerIpPerHour: 20,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const IDLE_MS = STAFF_SESSION_IDLE_HOURS * HOUR;
/** A session's expiry moves on at most this often: not a write on every request. */
const TOUCH_EVERY_MS = MINUTE;

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

const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds);

export function createStaffSignIn(deps: StaffSignInDeps) {
  const { db, secretKey, now } = deps;

  /**
   * E-mails a code when the address belongs to an active member of staff. The answer is the
   * same either way, and so is the work done: the limits apply to any address.
   */
  async function sendCode(shop: StaffShop, email: string, ip: string): Promise<void> {
    const at = now();
    const queued = await db.transaction(async (tx) => {
      await lockStaffEmail(tx, shop.tenantId, email);
      const hourAgo = new Date(at.getTime() - HOUR);
      const ipSends = await codeSendTimesSince(tx, shop.tenantId, { ip }, hourAgo);
      if (ipSends.length >= STAFF_CODE_LIMITS.sendsPerIpPerHour) {
        const until =
          ipSends[ipSends.length - STAFF_CODE_LIMITS.sendsPerIpPerHour]!.getTime() + HOUR;
        const minutes = Math.ceil((until - at.getTime()) / MINUTE);
        throw tooMany(
          `Too many codes were asked for from your network. Please try again in ${minutes} minutes.`,
          Math.ceil((until - at.getTime()) / 1000),
        );
      }
      const latest = await latestCode(tx, shop.tenantId, email);
      // A code already used to sign in is no reason to wait: signing out and straight back in
      // is a new sign-in, not a resend (the hourly cap still bounds the e-mails).
      const usedToSignIn =
        latest?.closedAt && latest.failedAttempts < STAFF_CODE_LIMITS.triesPerCode;
      const coolingDown =
        latest &&
        !usedToSignIn &&
        latest.createdAt.getTime() + STAFF_CODE_LIMITS.resendCooldownSeconds * 1000 > at.getTime();
      const sentThisHour = await codeSendTimesSince(tx, shop.tenantId, { email }, hourAgo);
      // Within the cooldown or past the hourly cap the earlier code still works: say nothing.
      if (coolingDown || sentThisHour.length >= STAFF_CODE_LIMITS.sendsPerAddressPerHour) {
        return false;
      }

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
      if (!staff) return false;
      await enqueueMessage(
        tx,
        staffCodeMessage({ shop, to: email, name: staff.name, code, expiresAt }),
      );
      return true;
    });
    if (queued) deps.onMessageQueued();
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
      if (
        failures.fromNetwork >= STAFF_CODE_LIMITS.failuresPerDayPerNetwork ||
        failures.total >= STAFF_CODE_LIMITS.failuresPerDay
      ) {
        return {
          error: tooMany(
            'Too many wrong codes for this address. Signing in with it is paused for up to 24 hours; an owner can still sign in from another network.',
            24 * 3600,
          ),
        };
      }
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
      await closeCode(tx, code.id, at);
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

  /** The person behind a cookie's token, moving the idle expiry on at most once a minute. */
  async function resolveSession(
    tenantId: string,
    token: string,
    storeIdsOfShop: () => Promise<string[]>,
  ) {
    const at = now();
    const found = await findLiveSession(db, tenantId, hashToken(token), at);
    if (!found) return undefined;
    let expiresAt = found.expiresAt;
    let refreshedCookieSeconds: number | undefined;
    if (at.getTime() - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      expiresAt = new Date(at.getTime() + IDLE_MS);
      await touchSession(db, found.sessionId, at, expiresAt);
      refreshedCookieSeconds = IDLE_MS / 1000;
    }
    const identity = await identityOf(found.staff, expiresAt, storeIdsOfShop);
    return { identity, refreshedCookieSeconds };
  }

  async function signOut(tenantId: string, token: string) {
    await deleteSessionByHash(db, tenantId, hashToken(token));
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
