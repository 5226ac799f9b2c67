import { and, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CODE_SENT_MESSAGE } from '@servery/contract/staff';
import { buildApp } from '../../app.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { freshIp, testClock } from '../../../test/sign-in.ts';
import { addStaff } from '../../../test/staff.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { fixtureWebDist } from '../../../test/test-app.ts';

// Issue 31, point 3: a code request for a staff address did more work in the request (the
// outbox row) than one for an unknown address, and the time of the answer told them apart.
// Here every statement the application sends to the database is written down (drizzle's own
// query log, on the same connection) and the two requests are compared statement by statement.
const clock = testClock();
const shop = makeTenantDocument();
const host = shop.hosts[0]!.host;
const statements: string[] = [];
let recording = false;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = {
    logQuery: (query: string) => {
      if (recording) statements.push(query);
    },
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logged = (database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePg(client as pg.Pool, { schema, logger })) as unknown as Database;
  app = await buildApp({
    database: { ...database, db: logged },
    webDistDir: fixtureWebDist,
    now: clock.now,
    messages: { deliver: false },
  });
  await importTestTenant(database.db, shop);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function statementsOf(email: string): Promise<string[]> {
  statements.length = 0;
  recording = true;
  const answer = await app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers: { host, origin: `http://${host}` },
    payload: { email },
    remoteAddress: freshIp(),
  });
  recording = false;
  expect(answer.json()).toEqual({ status: 200, message: STAFF_CODE_SENT_MESSAGE, data: null });
  // The savepoint is released for staff and rolled back for anybody else: one statement each.
  return statements.map((s) => s.replace(/^(release|rollback to) savepoint/i, 'end savepoint'));
}

describe('a staff code request', () => {
  it('sends the database the same statements for a staff address and for an unknown one', async () => {
    const staffEmail = await addStaff(database.db, shop.slug, 'manager');
    // The shop and its settings are loaded (and kept) by a first request: after adding the
    // member of staff, whose change announces itself to the shop cache.
    await statementsOf('warm-up@example.com');
    const known = await statementsOf(staffEmail);
    const unknown = await statementsOf('nobody-at-all@example.com');
    expect(known.some((s) => /insert into "outbox_messages"/i.test(s))).toBe(true);
    expect(unknown).toEqual(known);

    // And only the staff member's e-mail stays in the outbox.
    const mails = await database.db
      .select({ to: schema.outboxMessages.recipient })
      .from(schema.outboxMessages)
      .where(and(eq(schema.outboxMessages.kind, 'staff_otp')));
    expect(mails).toEqual([{ to: staffEmail }]);
  });
});
