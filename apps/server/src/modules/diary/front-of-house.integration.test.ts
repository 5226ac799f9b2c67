import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryBooking, DiaryDay } from '@servery/contract/diary';
import { auditLog, bookings, liveEvents } from '../../db/schema.ts';
import { insertTestBooking } from '../../../test/bookings.ts';
import { useDiaryShop } from '../../../test/diary-shop.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';

// Issue 27, point 6: front of house mistakes can be undone, and the clock keeps moves honest.
// After 28 March 2027 London is on summer time: 7:00 pm there is 18:00 UTC.
const d = useDiaryShop();
const { admin, slotOf, recount } = d;
const MINUTE = 60_000;
let waiter: StaffAgent;
/**
 * Each test sets the file's clock to the moment it needs (any order works), and a waiter signs
 * in then (a session from weeks before would have lapsed).
 */
async function setClock(iso: string) {
  d.clock.advance(Date.parse(iso) - d.clock.now().getTime());
  waiter = await staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
}
const move = (id: string, body: object) =>
  admin(waiter, 'POST', `/api/admin/bookings/${id}/status`, body);
const undo = (id: string) => admin(waiter, 'POST', `/api/admin/bookings/${id}/undo-no-show`);
const dayOf = async (date: string): Promise<DiaryDay> =>
  (await admin(waiter, 'GET', `/api/admin/bookings?date=${date}`)).json().data;
const rowOf = async (id: string) =>
  (await d.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const shown = async (date: string, id: string): Promise<DiaryBooking> =>
  slotOf(await dayOf(date), '07:00 PM').bookings.find((b) => b.id === id)!;

describe('a no-show', () => {
  it('is refused before the booking’s time plus 15 minutes, with when it may be marked', async () => {
    const date = '2027-04-09';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '4' });
    await setClock('2027-04-09T18:14:00Z');
    const early = await move(booking.id, { status: 'no_show' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      'Too early for a no-show: the table is held until 7:15 PM (15 minutes after 07:00 PM).',
    );
    expect((await rowOf(booking.id)).status).toBe('confirmed');
    const before = await shown(date, booking.id);
    expect(before.next).toEqual(['arrived', 'seated', 'cancelled']);
    expect(before.no_show_from).toBe('2027-04-09T18:15:00.000Z');

    await setClock('2027-04-09T18:15:00Z');
    expect((await shown(date, booking.id)).next).toContain('no_show');
    const marked = await move(booking.id, { status: 'no_show' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({
      status: 'no_show',
      undo_no_show_until: '2027-04-09T18:25:00.000Z',
    });
    expect((await recount(date)).get('07:00 PM') ?? 0).toBe(0);
  });

  it('is undone within 10 minutes: booked again, its covers back, audited, every board told', async () => {
    const date = '2027-04-13';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date, people: '3' });
    await setClock('2027-04-13T18:30:00Z');
    expect((await move(booking.id, { status: 'no_show' })).statusCode).toBe(200);
    d.clock.advance(9 * MINUTE + 59_000);
    const undone = await undo(booking.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ status: 'confirmed', undo_no_show_until: null });
    expect(undone.json().message).toBe('Priya Shah: the no-show is undone, booked again.');
    expect(slotOf(await dayOf(date), '07:00 PM').covers).toBe(3);
    expect((await recount(date)).get('07:00 PM')).toBe(3);
    const audit = await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual(['booking.no_show', 'booking.no_show_undone']);
    expect(audit[1]).toMatchObject({ actorEmail: waiter.email });
    const events = await d.ctx.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.entityId, booking.id), eq(liveEvents.kind, 'booking.status')));
    expect(events).toHaveLength(2);
    // The waiter's undo tapped again answers it done, changing nothing (decision 78); a
    // colleague's has nothing to undo.
    const again = await undo(booking.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(undone.json());
    const colleague = await staffAgent(d.ctx.app, d.ctx.db, d.shop, 'staff', { stores: ['main'] });
    const theirs = await admin(colleague, 'POST', `/api/admin/bookings/${booking.id}/undo-no-show`);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toContain('not a no-show: there is nothing to undo');
    expect((await recount(date)).get('07:00 PM')).toBe(3);
    const after = await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(after).toHaveLength(2);
  });

  it('is not undone after 10 minutes: 422, and it stays a no-show', async () => {
    const date = '2027-04-14';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-04-14T18:20:00Z');
    expect((await move(booking.id, { status: 'no_show' })).statusCode).toBe(200);
    expect((await shown(date, booking.id)).undo_no_show_until).toBe('2027-04-14T18:30:00.000Z');
    d.clock.advance(10 * MINUTE + 1000);
    expect((await shown(date, booking.id)).undo_no_show_until).toBeNull();
    const late = await undo(booking.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('can be undone for 10 minutes after it is marked');
    expect((await rowOf(booking.id)).status).toBe('no_show');
    const audit = await d.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit.map((a) => a.action)).toEqual(['booking.no_show']);
  });
});

describe('arrived and seated', () => {
  it('only on the booking’s own day: refused the day before and the day after', async () => {
    const date = '2027-04-15';
    const booking = await insertTestBooking(d.ctx.db, d.tenantId, { date });
    await setClock('2027-04-14T22:30:00Z'); // 11:30 pm the day before, in London
    for (const status of ['arrived', 'seated']) {
      const res = await move(booking.id, { status });
      expect(res.statusCode, status).toBe(422);
      expect(res.json().message).toBe(
        'Arrived and seated are for the booking’s own day: this booking is for Thursday 15 April at 7:00 PM.',
      );
    }
    expect((await shown(date, booking.id)).next).toEqual(['cancelled']);
    expect((await rowOf(booking.id)).status).toBe('confirmed');

    await setClock('2027-04-14T23:00:00Z'); // midnight in London: the booking's day has begun
    expect((await move(booking.id, { status: 'arrived' })).statusCode).toBe(200);

    const tomorrow = await insertTestBooking(d.ctx.db, d.tenantId, { date: '2027-04-14' });
    expect((await move(tomorrow.id, { status: 'seated' })).statusCode).toBe(422);
  });
});
