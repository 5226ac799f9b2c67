import { and, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { liveEvents, orders, outboxMessages } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { everyDayHours, importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { silentLog } from '../../../test/silent-log.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { DeskSweeper, HOUSEKEEPING_EVERY_MS } from './desk-sweeper.ts';

// Issue 33: a quiet process sweeps every 10 s, and the sweep's housekeeping (the day-before
// booking reminders, the events' pruning) ran on each, with a transaction per shop taking
// bookings. It runs once a minute now, and still does its work. Every statement the sweeper
// sends is written down (drizzle's query log on the same connection), on a clock of the test's.
const SWEEP_MS = 10_000;
const shop = makeTenantDocument({
  booking: { hours: everyDayHours('12:00', '22:00'), coversPerSlot: 30 },
});
// London is on GMT in December: 09:05 there is 09:05Z, past the hour reminders go out from.
const START = new Date('2026-12-10T09:05:00Z');
let at = START;
const statements: string[] = [];
let database: DatabaseHandle;
/** The database with drizzle's query log on the same connection. */
let logged: Database;
let sweeper: DeskSweeper;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  logged = (database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePg(client as pg.Pool, { schema, logger })) as unknown as Database;
  await importTestTenant(database.db, shop);
  tenantId = (await findTenantBySlug(database.db, shop.slug))!.id;
});
// Each test has a sweeper of its own that has not swept yet, on a clock of its own: any order.
beforeEach(() => {
  at = START;
  statements.length = 0;
  sweeper = new DeskSweeper(
    logged,
    () => at,
    silentLog,
    () => {},
    null,
  );
});
afterAll(async () => {
  await database.close();
});

const reminderShops = () =>
  statements.filter((s) => /from "tenants"/.test(s) && /"booking" is not null/.test(s)).length;
const prunes = () => statements.filter((s) => /^delete from "live_events"/.test(s)).length;
const remindersTo = (email: string) =>
  database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'booking_reminder')));

/** Sweeps every 10 s of the test's clock for `ms`, the first at the present time. */
async function sweepFor(ms: number) {
  for (let gone = 0; gone < ms; gone += SWEEP_MS) {
    await sweeper.sweep();
    at = new Date(at.getTime() + SWEEP_MS);
  }
}

describe('a quiet desk sweeper', () => {
  it('looks for booking reminders and prunes old events once a minute, not on every sweep', async () => {
    await sweepFor(HOUSEKEEPING_EVERY_MS);
    // Six sweeps in the minute; the housekeeping on the first of them.
    expect(reminderShops()).toBe(1);
    expect(prunes()).toBe(1);
    await sweepFor(HOUSEKEEPING_EVERY_MS);
    expect(reminderShops()).toBe(2);
    expect(prunes()).toBe(2);
  });

  it('still sends a reminder and prunes an old event within the minute', async () => {
    const booking = await insertTestBooking(database.db, tenantId, {
      date: '2026-12-11',
      email: 'tomorrow-quiet@example.com',
      createdAt: new Date('2026-12-01T12:00:00Z'),
    });
    const [old] = await database.db
      .insert(liveEvents)
      .values({
        tenantId,
        kind: 'order.created',
        entityId: booking.id,
        createdAt: new Date(at.getTime() - 49 * 3600_000),
      })
      .returning();
    await sweepFor(HOUSEKEEPING_EVERY_MS);
    expect(await remindersTo('tomorrow-quiet@example.com')).toHaveLength(1);
    const left = await database.db.select().from(liveEvents).where(eq(liveEvents.id, old!.id));
    expect(left).toEqual([]);
  });

  it('does the housekeeping again at once when the clock went back', async () => {
    await sweeper.sweep();
    expect(reminderShops()).toBe(1);
    at = new Date(at.getTime() - 3600_000);
    await sweeper.sweep();
    expect(reminderShops()).toBe(2);
  });

  it('claims no orders in a transaction while none waits, and still alerts and rejects when one does', async () => {
    await sweepFor(HOUSEKEEPING_EVERY_MS);
    const claims = () => statements.filter((s) => /from orders o[\s\S]*skip locked/.test(s));
    // Before: each sweep sent two claims, each in a transaction (BEGIN and COMMIT) of its own.
    expect(claims()).toEqual([]);
    const store = (await storesOfTenant(database.db, tenantId))[0]!;
    const order = await insertTestOrder(database.db, { tenantId, storeId: store.id });
    const statusOf = async () =>
      (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    // Two minutes on, no board has been open: the shop is told, once.
    at = new Date(Date.now() + 2 * 60_000);
    await sweeper.sweep();
    expect((await statusOf()).unwatchedAlertAt).not.toBeNull();
    expect(claims()).toHaveLength(1);
    // Eleven minutes on, nobody accepted it: rejected.
    at = new Date(Date.now() + 11 * 60_000);
    await sweeper.sweep();
    expect((await statusOf()).status).toBe('rejected');
    expect(claims()).toHaveLength(2);
  });
});
