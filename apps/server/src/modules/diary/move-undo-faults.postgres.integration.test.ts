import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingSlots, bookings, liveEvents } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import {
  commitAnswerCutter,
  cutHalfWay,
  entityOf,
  framesAbout,
} from '../../../test/cut-half-way.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { adminQuery } from '../../../test/test-database.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 67's undo of a diary move through PostgreSQL's faults: two processes on one
// database, a board on the second, the database's connections cut under them. PostgreSQL only
// (a *.postgres.integration.test.ts file is collected when DATABASE_URL is set): PGlite has no
// connection to cut. Friday 23 April 2027, 7:00 pm in London (18:00 UTC, summer time).
const clock = testClock('2027-04-23T18:00:00Z');
const services = [{ opens: '18:00', closes: '22:00' }];
const shop = makeTenantDocument({
  booking: {
    hours: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
        d,
        services,
      ]),
    ),
    coversPerSlot: 20,
    daysAllowed: 30,
  },
});
const date = '2027-04-23';
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let name = '';
let tenantId: string;
let waiter: StaffAgent;

beforeAll(async () => {
  servers = await twoProcesses({ now: clock.now });
  await importTestTenant(servers.first.db, shop);
  const found = (await servers.first.db.execute(
    sql`select current_database() as name`,
  )) as unknown as { rows: { name: string }[] };
  name = found.rows[0]!.name;
  tenantId = (await findTenantBySlug(servers.first.db, shop.slug))!.id;
  waiter = await staffAgent(servers.first.app, servers.first.db, shop, 'staff', {
    stores: ['main'],
  });
});
afterAll(async () => {
  await adminQuery(`alter database ${name} allow_connections true`).catch(() => {});
  await servers?.close();
});

const db = () => servers.first.db;
/** The waiter's call, made through the first process. */
const post = (url: string, body: object) =>
  servers.first.app.inject({ method: 'POST', url, headers: waiter.headers, payload: body });
const undo = (id: string, status: string) => post(`/api/admin/bookings/${id}/undo`, { status });

/** What an undo may change: the booking, its audit trail, its live events, its slot's covers. */
async function stateOf(id: string) {
  const [booking] = await db().select().from(bookings).where(eq(bookings.id, id));
  const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
  const events = await db().select().from(liveEvents).where(eq(liveEvents.entityId, id));
  const [slot] = await db()
    .select({ covers: bookingSlots.covers })
    .from(bookingSlots)
    .where(
      and(
        eq(bookingSlots.tenantId, tenantId),
        eq(bookingSlots.date, booking!.date),
        eq(bookingSlots.time, booking!.time),
      ),
    );
  return {
    status: booking!.status,
    lastMoveFrom: booking!.lastMoveFrom,
    actions: audit.map((a) => a.action),
    events: events.length,
    slotCovers: slot?.covers,
  };
}

/** A board on the second process, told it is ready. */
async function boardOnSecond() {
  const board = openBoard(servers.urls[1]!, waiter);
  const ready = await board.waitFor((f) => f.event === 'ready', 10_000);
  return { board, ready };
}

/** Waits until the board has heard of a later move: every event before it has reached it. */
async function heardAllBefore(board: ReturnType<typeof openBoard>) {
  const marker = await insertTestBooking(db(), tenantId, { date, time: '09:00 PM' });
  const moved = await post(`/api/admin/bookings/${marker.id}/status`, { status: 'arrived' });
  expect(moved.statusCode, moved.body).toBe(200);
  await board.waitFor((f) => f.event === 'booking.status' && entityOf(f) === marker.id, 30_000);
}

describe('a diary undo through database faults (PostgreSQL)', () => {
  it('reaches a board on the other process whose LISTEN connection was cut just before', async () => {
    const booking = await insertTestBooking(db(), tenantId, { date, people: '4' });
    const arrived = await post(`/api/admin/bookings/${booking.id}/status`, { status: 'arrived' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    const { board, ready } = await boardOnSecond();
    await db().execute(sql`select 1`);
    await servers.allowConnections(false);
    try {
      await servers.terminate('listen');
      const res = await undo(booking.id, 'arrived');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('confirmed');
    } finally {
      await servers.allowConnections(true);
    }
    const frame = await board.waitFor(
      (f) => f.event === 'booking.status' && framesAbout([f], booking.id, ready).length === 1,
      30_000,
    );
    expect(entityOf(frame)).toBe(booking.id);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, booking.id, ready)).toHaveLength(1);
    board.close();
  });

  it('changes nothing when its connection is cut half-way, and is done when tried again', async () => {
    const walkIn = await post('/api/admin/bookings', {
      name: 'Walk-in Guest',
      source: 'walk_in',
      date,
      time: '07:30 PM',
      number_of_people: 2,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    const id = walkIn.json().data.id as string;
    const { board, ready } = await boardOnSecond();
    const before = await stateOf(id);
    expect(before).toMatchObject({ status: 'seated', lastMoveFrom: 'cancelled', slotCovers: 2 });

    // Another connection holds the slot's row: the undo takes the walk-in off the diary, then
    // waits to give its seats back to the slot. Its connection is cut there, half-way through
    // its transaction.
    const { answer: refused, takenCode } = await cutHalfWay(name, {
      hold: {
        text: 'select covers from booking_slots where tenant_id = $1 and date = $2 and time = $3 for update',
        values: [tenantId, date, '07:30 PM'],
      },
      request: () => undo(id, 'seated'),
      waitsIn: 'update "booking_slots"%',
      taken: { text: 'select id from bookings where id = $1 for update nowait', values: [id] },
      what: 'the undo waiting to give the seats back',
    });
    // The booking's row was taken: the undo's transaction had already moved it.
    expect(takenCode).toBe('55P03');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      status: 503,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
      data: null,
    });
    // All or nothing: the booking, its seats, its audit trail and its live events as they were.
    expect(await stateOf(id)).toEqual(before);

    const again = await undo(id, 'seated');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('cancelled');
    expect(await stateOf(id)).toEqual({
      status: 'cancelled',
      lastMoveFrom: null,
      actions: [...before.actions, 'booking.walk_in_undone'],
      events: before.events + 1,
      slotCovers: 0,
    });
    // The board hears of the undo once: the cut transaction's event was never written.
    await board.waitFor((f) => framesAbout([f], id, ready).length === 1, 30_000);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, id, ready)).toHaveLength(1);
    board.close();
  });

  it('is answered as done when tapped again after the answer to its commit was lost (decision 78)', async () => {
    const walkIn = await post('/api/admin/bookings', {
      name: 'Walk-in Guest',
      source: 'walk_in',
      date,
      time: '08:00 PM',
      number_of_people: 3,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    const { id, moved_at: at } = walkIn.json().data as { id: string; moved_at: string };
    const { board, ready } = await boardOnSecond();
    const before = await stateOf(id);
    expect(before).toMatchObject({ status: 'seated', slotCovers: 3 });

    // The waiter's server reaches the database through a way that loses the answer to the
    // undo's COMMIT: the walk-in is taken off, the server hears its connection cut.
    const cutter = await commitAnswerCutter(name);
    const tablets = await servers.another(cutter.url);
    const tap = () =>
      tablets.app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/undo`,
        headers: waiter.headers,
        payload: { status: 'seated', at },
      });
    try {
      const cut = cutter.arm('booking.walk_in_undone');
      const lost = await tap();
      await cut;
      expect(lost.statusCode).toBe(503);
      const made = await stateOf(id);
      expect(made).toEqual({
        status: 'cancelled',
        lastMoveFrom: null,
        actions: [...before.actions, 'booking.walk_in_undone'],
        events: before.events + 1,
        slotCovers: 0,
      });

      // The card still offers the undo; tapped again, through the same server.
      const again = await tap();
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({
        message: 'Walk-in Guest: the walk-in is taken off the diary.',
        data: { id, status: 'cancelled', undo_until: null },
      });
      // The seats went back once, and nothing else was written.
      expect(await stateOf(id)).toEqual(made);
    } finally {
      await tablets.close();
      await cutter.close();
    }
    await board.waitFor((f) => framesAbout([f], id, ready).length === 1, 30_000);
    await heardAllBefore(board);
    expect(framesAbout(board.frames, id, ready)).toHaveLength(1);
    board.close();
  });
});
