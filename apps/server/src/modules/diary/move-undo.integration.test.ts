import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryBooking, DiaryDay } from '@servery/contract/diary';
import { auditLog, bookings, liveEvents } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { useDiaryShop } from '../../../test/diary-shop.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';

// Decision 65: a stray tap on Arrived, Seat or Left is taken back within 10 minutes. After 28
// March 2027 London is on summer time: 7:00 pm there is 18:00 UTC.
const d = useDiaryShop();
const { admin, slotOf, recount } = d;
const MINUTE = 60_000;
let waiter: StaffAgent;
/** Sets the file's clock to the moment a test needs, and signs a waiter in then. */
async function setClock(iso: string) {
  d.clock.advance(Date.parse(iso) - d.clock.now().getTime());
  waiter = await staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
}
const move = (id: string, status: string) =>
  admin(waiter, 'POST', `/api/admin/bookings/${id}/status`, { status });
const undo = (id: string, body: object | undefined) =>
  admin(waiter, 'POST', `/api/admin/bookings/${id}/undo`, body);
const dayOf = async (date: string): Promise<DiaryDay> =>
  (await admin(waiter, 'GET', `/api/admin/bookings?date=${date}`)).json().data;
const rowOf = async (id: string) =>
  (await d.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const shown = async (date: string, id: string): Promise<DiaryBooking> =>
  slotOf(await dayOf(date), '07:00 PM').bookings.find((b) => b.id === id)!;
const actionsOn = async (id: string) =>
  (await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);

describe('undoing a one-tap move', () => {
  it('takes a seat back to arrived within 10 minutes: covers kept, audited, every board told', async () => {
    const date = '2027-04-20';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '4' });
    await setClock('2027-04-20T17:55:00Z');
    expect((await move(booking.id, 'arrived')).statusCode).toBe(200);
    d.clock.advance(2 * MINUTE);
    const seated = await move(booking.id, 'seated');
    expect(seated.json().data).toMatchObject({
      status: 'seated',
      undo_until: '2027-04-20T18:07:00.000Z',
      undo_back_to: 'arrived',
    });
    expect(await shown(date, booking.id)).toMatchObject({ undo_back_to: 'arrived' });

    d.clock.advance(9 * MINUTE + 59_000);
    const undone = await undo(booking.id, { status: 'seated' });
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Priya Shah: back to arrived.');
    expect(undone.json().data).toMatchObject({
      status: 'arrived',
      undo_until: null,
      undo_back_to: null,
      next: ['seated', 'cancelled'],
    });
    // The party keeps its seats: arrived counts them as seated did.
    expect(slotOf(await dayOf(date), '07:00 PM').covers).toBe(4);
    expect((await recount(date)).get('07:00 PM')).toBe(4);
    const audit = await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual([
      'booking.arrived',
      'booking.seated',
      'booking.seated_undone',
    ]);
    expect(audit[2]).toMatchObject({
      actorEmail: waiter.email,
      before: { status: 'seated', moved_at: '2027-04-20T17:57:00.000Z' },
      after: { status: 'arrived', covers: 4 },
    });
    const events = await d.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.entityId, booking.id), eq(liveEvents.kind, 'booking.status')));
    expect(events).toHaveLength(3);

    // One undo per move: the arrival before it is not taken back by a second undo.
    const again = await undo(booking.id, { status: 'arrived' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, data: null });
    expect(again.json().message).toContain('not made arrived by a move that can be undone');
    expect((await rowOf(booking.id)).status).toBe('arrived');
  });

  it('takes a party seated straight from booked back to booked, and Left back to seated', async () => {
    const date = '2027-04-21';
    const straight = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '2' });
    const leaving = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '5' });
    await setClock('2027-04-21T18:05:00Z');
    expect((await move(straight.id, 'seated')).statusCode).toBe(200);
    const back = await undo(straight.id, { status: 'seated' });
    expect(back.json()).toMatchObject({
      message: 'Priya Shah: back to booked.',
      data: { status: 'confirmed' },
    });
    expect((await shown(date, straight.id)).next).toContain('arrived');

    expect((await move(leaving.id, 'seated')).statusCode).toBe(200);
    d.clock.advance(60 * MINUTE);
    expect((await move(leaving.id, 'completed')).statusCode).toBe(200);
    const stays = await undo(leaving.id, { status: 'completed' });
    expect(stays.json()).toMatchObject({ data: { status: 'seated', next: ['completed'] } });
    expect(await actionsOn(leaving.id)).toEqual([
      'booking.seated',
      'booking.completed',
      'booking.completed_undone',
    ]);
    expect((await recount(date)).get('07:00 PM')).toBe(7);
    expect(slotOf(await dayOf(date), '07:00 PM').covers).toBe(7);
  });

  it('is refused after 10 minutes (422) and when a colleague moved the booking on (409)', async () => {
    const date = '2027-04-22';
    const late = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    const movedOn = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-04-22T18:00:00Z');
    expect((await move(late.id, 'arrived')).statusCode).toBe(200);
    expect((await move(movedOn.id, 'seated')).statusCode).toBe(200);
    expect((await move(movedOn.id, 'completed')).statusCode).toBe(200);

    // The screen offered "Undo seated"; someone else has marked them left since.
    const raced = await undo(movedOn.id, { status: 'seated' });
    expect(raced.statusCode).toBe(409);
    expect(raced.json().message).toBe(
      'This booking is completed now, not seated: there is nothing to undo. The diary shows where it is.',
    );
    expect((await rowOf(movedOn.id)).status).toBe('completed');

    d.clock.advance(10 * MINUTE + 1000);
    expect((await shown(date, late.id)).undo_until).toBeNull();
    const tooLate = await undo(late.id, { status: 'arrived' });
    expect(tooLate.statusCode).toBe(422);
    expect(tooLate.json().message).toBe(
      'A move can be undone for 10 minutes after it is made; this one was made earlier.',
    );
    expect((await rowOf(late.id)).status).toBe('arrived');
    expect(await actionsOn(late.id)).toEqual(['booking.arrived']);
  });

  it('takes a walk-in added by mistake off the diary within 10 minutes, its seats back to the slot', async () => {
    const date = '2027-04-23';
    await setClock('2027-04-23T18:00:00Z');
    const walkIn = await d.phoneBooking(waiter, {
      date,
      time: '07:00 PM',
      number_of_people: 2,
      source: 'walk_in',
    });
    const id = walkIn.json().data.id;
    expect(walkIn.json().data).toMatchObject({
      status: 'seated',
      undo_until: '2027-04-23T18:10:00.000Z',
      undo_back_to: 'cancelled',
    });
    expect(slotOf(await dayOf(date), '07:00 PM').covers).toBe(2);

    d.clock.advance(5 * MINUTE);
    const res = await undo(id, { status: 'seated' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `${walkIn.json().data.name}: the walk-in is taken off the diary.`,
    );
    expect(res.json().data).toMatchObject({ status: 'cancelled', undo_until: null });
    expect((await rowOf(id)).status).toBe('cancelled');
    expect(slotOf(await dayOf(date), '07:00 PM').covers).toBe(0);
    expect((await recount(date)).get('07:00 PM') ?? 0).toBe(0);
    expect(await actionsOn(id)).toEqual(['booking.created', 'booking.walk_in_undone']);

    // Undone once: the waiter's undo tapped again answers it done (decision 78), and a
    // colleague's has nothing to take back. The seats went back once.
    const again = await undo(id, { status: 'seated' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const colleague = await staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
    const theirs = await admin(colleague, 'POST', `/api/admin/bookings/${id}/undo`, {
      status: 'seated',
    });
    expect(theirs.statusCode).toBe(409);
    expect((await rowOf(id)).status).toBe('cancelled');
    expect((await recount(date)).get('07:00 PM') ?? 0).toBe(0);
    expect(await actionsOn(id)).toEqual(['booking.created', 'booking.walk_in_undone']);
  });

  it('keeps a walk-in seated after the 10 minutes', async () => {
    await setClock('2027-04-23T18:30:00Z');
    const walkIn = await d.phoneBooking(waiter, {
      date: '2027-04-23',
      time: '07:30 PM',
      number_of_people: 2,
      source: 'walk_in',
    });
    d.clock.advance(10 * MINUTE + 1000);
    const res = await undo(walkIn.json().data.id, { status: 'seated' });
    expect(res.statusCode).toBe(422);
    expect((await rowOf(walkIn.json().data.id)).status).toBe('seated');
  });

  it('undoes one of two taps at once: the same person is told it is done, a colleague that it is not', async () => {
    const date = '2027-04-24';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    const other = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-04-24T18:00:00Z');
    const colleague = await staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
    expect((await move(booking.id, 'arrived')).statusCode).toBe(200);
    expect((await move(other.id, 'arrived')).statusCode).toBe(200);
    const answers = await Promise.all([
      undo(booking.id, { status: 'arrived' }),
      undo(booking.id, { status: 'arrived' }),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json().data?.status])).toEqual([
      [200, 'confirmed'],
      [200, 'confirmed'],
    ]);
    expect((await rowOf(booking.id)).status).toBe('confirmed');
    expect(await actionsOn(booking.id)).toEqual(['booking.arrived', 'booking.arrived_undone']);

    const raced = await Promise.all([
      undo(other.id, { status: 'arrived' }),
      admin(colleague, 'POST', `/api/admin/bookings/${other.id}/undo`, { status: 'arrived' }),
    ]);
    expect(raced.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await rowOf(other.id)).status).toBe('confirmed');
    expect(await actionsOn(other.id)).toEqual(['booking.arrived', 'booking.arrived_undone']);
  });

  it('undoes a no-show the way undo-no-show does', async () => {
    const date = '2027-04-25';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    await setClock('2027-04-25T18:20:00Z');
    expect((await move(booking.id, 'no_show')).statusCode).toBe(200);
    expect((await recount(date)).get('07:00 PM') ?? 0).toBe(0);
    const res = await undo(booking.id, { status: 'no_show' });
    expect(res.json()).toMatchObject({
      message: 'Priya Shah: back to booked.',
      data: { status: 'confirmed' },
    });
    expect((await recount(date)).get('07:00 PM')).toBe(3);
    expect(await actionsOn(booking.id)).toEqual(['booking.no_show', 'booking.no_show_undone']);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const date = '2027-04-26';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-04-26T18:00:00Z');
    expect((await move(booking.id, 'arrived')).statusCode).toBe(200);
    for (const body of [undefined, {}, { status: 'cancelled' }, { status: 'arrived', x: 1 }]) {
      const res = await undo(booking.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, data: null });
    }
    const unknown = await undo('6b1f2d3e-1111-4222-8333-944455556666', { status: 'arrived' });
    expect(unknown.statusCode).toBe(404);
    const badId = await undo('not-an-id', { status: 'arrived' });
    expect(badId.statusCode).toBe(400);
    expect((await rowOf(booking.id)).status).toBe('arrived');
    expect(await actionsOn(booking.id)).toEqual(['booking.arrived']);
  });
});

describe('an undo tapped again after its answer was lost (decision 78)', () => {
  const colleagueOf = () => staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
  /** What an undo may change: the booking, its audit trail, its live events, its slot's covers. */
  async function stateOf(id: string, date: string) {
    const events = await d.ctx.db.select().from(liveEvents).where(eq(liveEvents.entityId, id));
    return {
      row: await rowOf(id),
      actions: await actionsOn(id),
      events: events.length,
      covers: (await recount(date)).get('07:00 PM') ?? 0,
    };
  }

  it('answers the booking as it is, as the first did, and changes nothing more', async () => {
    const date = '2027-05-03';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '4' });
    await setClock('2027-05-03T18:00:00Z');
    expect((await move(booking.id, 'arrived')).statusCode).toBe(200);
    d.clock.advance(MINUTE);
    const seated = (await move(booking.id, 'seated')).json().data as DiaryBooking;
    expect(seated).toMatchObject({ undo_back_to: 'arrived', moved_at: '2027-05-03T18:01:00.000Z' });
    expect(await shown(date, booking.id)).toMatchObject({ moved_at: seated.moved_at });

    d.clock.advance(MINUTE);
    const body = { status: 'seated', at: seated.moved_at };
    const first = await undo(booking.id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'arrived', moved_at: null });
    const made = await stateOf(booking.id, date);
    d.clock.advance(MINUTE);
    for (const again of [body, { status: 'seated' }]) {
      const res = await undo(booking.id, again);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(first.json());
      expect(await stateOf(booking.id, date)).toEqual(made);
    }
  });

  it('is still refused when a colleague moved the booking on since, or made the move again', async () => {
    const date = '2027-05-04';
    const movedOn = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    const madeAgain = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-05-04T18:00:00Z');
    const colleague = await colleagueOf();
    const arrived = (await move(movedOn.id, 'arrived')).json().data as DiaryBooking;
    const seated = (await move(madeAgain.id, 'seated')).json().data as DiaryBooking;
    expect((await undo(movedOn.id, { status: 'arrived' })).statusCode).toBe(200);
    expect((await undo(madeAgain.id, { status: 'seated' })).statusCode).toBe(200);

    d.clock.advance(MINUTE);
    const by = (id: string, status: string) =>
      admin(colleague, 'POST', `/api/admin/bookings/${id}/status`, { status });
    expect((await by(movedOn.id, 'seated')).statusCode).toBe(200);
    expect((await by(madeAgain.id, 'seated')).statusCode).toBe(200);
    const before = [await stateOf(movedOn.id, date), await stateOf(madeAgain.id, date)];

    d.clock.advance(MINUTE);
    const onMovedOn = await undo(movedOn.id, { status: 'arrived', at: arrived.moved_at });
    expect(onMovedOn.statusCode).toBe(409);
    expect(onMovedOn.json().message).toBe(
      'This booking is seated now, not arrived: there is nothing to undo. The diary shows where it is.',
    );
    const onMadeAgain = await undo(madeAgain.id, { status: 'seated', at: seated.moved_at });
    expect(onMadeAgain.statusCode).toBe(409);
    expect(onMadeAgain.json()).toEqual({
      status: 409,
      message:
        'This booking was made seated again since: that later move is not the one to undo here. The diary shows where it is.',
      data: null,
    });
    expect([await stateOf(movedOn.id, date), await stateOf(madeAgain.id, date)]).toEqual(before);
    expect(before[1]!.row).toMatchObject({ status: 'seated', lastMoveFrom: 'confirmed' });
  });

  it('answers a no-show undone again as done, its seats given back once', async () => {
    const date = '2027-05-05';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    await setClock('2027-05-05T18:20:00Z');
    const marked = (await move(booking.id, 'no_show')).json().data as DiaryBooking;
    expect(marked).toMatchObject({
      undo_no_show_until: '2027-05-05T18:30:00.000Z',
      moved_at: '2027-05-05T18:20:00.000Z',
    });
    d.clock.advance(MINUTE);
    const body = { status: 'no_show', at: marked.moved_at };
    const first = await undo(booking.id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'confirmed', moved_at: null });
    const made = await stateOf(booking.id, date);
    expect(made).toMatchObject({
      actions: ['booking.no_show', 'booking.no_show_undone'],
      covers: 3,
    });

    const again = await undo(booking.id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const bare = await admin(waiter, 'POST', `/api/admin/bookings/${booking.id}/undo-no-show`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data).toEqual(first.json().data);
    expect(await stateOf(booking.id, date)).toEqual(made);

    // Marked a no-show again since (at 7:40 pm): the first no-show's undo does not take it back.
    d.clock.advance(19 * MINUTE);
    expect((await move(booking.id, 'no_show')).statusCode).toBe(200);
    const stale = await undo(booking.id, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This booking was marked a no-show again since: that later no-show is not the one to undo here. The diary shows where it is.',
    );
    expect((await rowOf(booking.id)).status).toBe('no_show');
  });

  it('refuses a moment that is not one', async () => {
    const date = '2027-05-06';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-05-06T18:00:00Z');
    expect((await move(booking.id, 'arrived')).statusCode).toBe(200);
    const res = await undo(booking.id, { status: 'arrived', at: '7 pm' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      at: 'Give the moment of the move as an ISO date and time',
    });
    expect((await rowOf(booking.id)).status).toBe('arrived');
  });
});
