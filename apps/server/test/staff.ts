import { and, desc, eq } from 'drizzle-orm';
import type { StaffRole } from '@servery/contract/staff-roles';
import type { Database } from '../src/db/client.ts';
import { outboxMessages } from '../src/db/schema.ts';
import { addStaffFromCli } from '../src/modules/staff/staff-cli.ts';
import { freshIp } from './sign-in.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** Headers of a staff browser on `host`: its cookie, and the Origin every change must carry. */
export interface StaffAgent {
  host: string;
  cookie: string;
  headers: Record<string, string>;
  email: string;
}

/** Adds a member of staff through the same path as `npm run tenant -- add-staff`. */
export async function addStaff(
  db: Database,
  slug: string,
  role: StaffRole,
  options: { email?: string; name?: string; stores?: string[] } = {},
) {
  const email = options.email ?? `${role}-${Math.random().toString(36).slice(2, 10)}@staff.test`;
  await addStaffFromCli(db, {
    slug,
    email,
    role,
    name: options.name ?? `${role} ${email.split('@')[0]}`,
    ...(options.stores ? { stores: options.stores } : {}),
  });
  return email;
}

/** The newest staff code e-mailed to `email`, read from the outbox as the person would. */
export async function latestStaffCode(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'staff_otp')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = row?.text && /code is (\d{6})/.exec(row.text)?.[1];
  if (!code) throw new Error(`no staff code in the outbox for ${email}`);
  return code;
}

/** Asks for a code, reads it, signs in: the staff browser's cookie and headers. */
export async function signInStaff(
  app: TestApp,
  db: Database,
  host: string,
  email: string,
  ip = freshIp(),
): Promise<StaffAgent> {
  const origin = `http://${host}`;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers: { host, origin },
    payload: { email },
    remoteAddress: ip,
  });
  if (asked.statusCode !== 200) throw new Error(`staff code: ${asked.body}`);
  const otp = await latestStaffCode(db, email);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/admin/session',
    headers: { host, origin },
    payload: { email, otp },
    remoteAddress: ip,
  });
  if (signedIn.statusCode !== 200) throw new Error(`staff sign-in: ${signedIn.body}`);
  const setCookie = String(signedIn.headers['set-cookie']);
  const cookie = setCookie.split(';')[0]!;
  return { host, cookie, email, headers: { host, origin, cookie } };
}

/** Adds a member of staff with `role` and signs them in. */
export async function staffAgent(
  app: TestApp,
  db: Database,
  doc: { slug: string; hosts: { host: string }[] },
  role: StaffRole,
  options: { stores?: string[]; name?: string } = {},
): Promise<StaffAgent> {
  const email = await addStaff(db, doc.slug, role, options);
  return signInStaff(app, db, doc.hosts[0]!.host, email);
}
