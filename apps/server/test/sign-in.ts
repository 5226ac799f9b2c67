import { and, desc, eq } from 'drizzle-orm';
import type { UserData } from '@servery/contract/auth';
import type { Database } from '../src/db/client.ts';
import { outboxMessages } from '../src/db/schema.ts';
import { toE164 } from '../src/lib/phone-numbers.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** A clock the test moves by hand: codes expire and limits reset as time passes. */
export function testClock(start = '2026-11-22T10:00:00Z') {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

let ipCounter = 0;
/** An address no other request of the test run has used, so per-IP limits stay out of the way. */
export const freshIp = () =>
  `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

/**
 * The code in the newest message to `recipient` (an e-mail address, or a phone number as the
 * customer typed it: texts go to its E.164 form), read from the outbox as the customer would.
 */
export async function latestCode(db: Database, contact: string): Promise<string> {
  const recipient = contact.includes('@') ? contact : (toE164(contact, 'GB') ?? contact);
  const [row] = await db
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.kind, 'otp')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row?.text && /code is (\d{4,6})/.exec(row.text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

export function post(app: TestApp, host: string, url: string, payload: object, ip = freshIp()) {
  return app.inject({ method: 'POST', url, headers: { host }, payload, remoteAddress: ip });
}

/** Register, read the code, verify: the customer's user data. */
export async function signIn(
  app: TestApp,
  db: Database,
  host: string,
  contact: { email: string } | { phone: string },
): Promise<UserData> {
  const registered = await post(app, host, '/api/register', contact);
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);
  const otp = await latestCode(db, 'email' in contact ? contact.email : contact.phone);
  const verified = await post(app, host, '/api/verify-otp', { ...contact, otp });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  return verified.json().data as UserData;
}

/**
 * Signs in by e-mail and gives the profile a first name and a phone, as any order needs (issue
 * 30: a collection is handed to someone too): a customer ready to order.
 */
export async function signInCustomer(
  app: TestApp,
  db: Database,
  host: string,
  contact: { email: string },
): Promise<UserData> {
  const userData = await signIn(app, db, host, contact);
  const phone = `077009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const profile = { first_name: contact.email.split(/[@.]/)[0]!, phone };
  const saved = await app.inject({
    method: 'POST',
    url: '/api/customer',
    headers: { host, authorization: `Bearer ${userData.token}` },
    payload: profile,
  });
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  return { ...userData, customer: { ...userData.customer, ...profile } };
}
