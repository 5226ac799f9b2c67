import { describe, expect, it } from 'vitest';
import { useDiaryShop } from '../../../test/diary-shop.ts';

const d = useDiaryShop();
const { host, admin, dayOf, bookOnline, slotOf } = d;

describe('close-outs', () => {
  const timings = async (date: string) =>
    (
      await d.ctx.app.inject({
        method: 'GET',
        url: `/api/reservation/timings?date=${date}`,
        headers: { host },
      })
    ).json().data.slots as string[];

  it('takes a slot, a service or a day off the online timings, keeps bookings in it, and comes back when removed', async () => {
    const date = '2027-04-09';
    expect((await bookOnline(date, '07:00 PM', '2')).statusCode).toBe(200);
    const slot = await admin(d.manager, 'POST', '/api/admin/closeouts', {
      date,
      time: '07:00 PM',
      reason: 'Private party',
    });
    expect(slot.statusCode).toBe(200);
    // Labelled as the diary prints times (the slot itself stays '07:00 PM', as SPEC §3 has it).
    expect(slot.json().data).toMatchObject({ label: '7:00 PM', reason: 'Private party' });
    expect(await timings(date)).not.toContain('07:00 PM');
    expect((await bookOnline(date, '07:00 PM', '2')).json().errors.time).toBe(
      'Choose one of the available times',
    );
    const day = await dayOf(date);
    const seven = slotOf(day, '07:00 PM');
    expect(seven).toMatchObject({ closed: true, covers: 2 });
    expect(seven.bookings).toHaveLength(1);

    const lunch = await admin(d.manager, 'POST', '/api/admin/closeouts', {
      date,
      service: '12:00-15:00',
      reason: 'Staff training',
    });
    expect(lunch.json().data.label).toBe('12:00 PM – 3:00 PM');
    expect(
      (await timings(date)).filter((t) => t.endsWith('PM') && t < '03:00 PM' && !t.startsWith('0')),
    ).toEqual([]);
    expect(await timings(date)).toContain('06:00 PM');

    expect(
      (await admin(d.manager, 'DELETE', `/api/admin/closeouts/${slot.json().data.id}`)).statusCode,
    ).toBe(200);
    expect(await timings(date)).toContain('07:00 PM');
    expect(
      (await admin(d.manager, 'DELETE', `/api/admin/closeouts/${slot.json().data.id}`)).statusCode,
    ).toBe(404);

    const whole = await admin(d.manager, 'POST', '/api/admin/closeouts', {
      date: '2027-04-10',
      reason: 'Closed for a wedding',
    });
    expect(whole.json().data.label).toBe('The whole day');
    expect(await timings('2027-04-10')).toEqual([]);
  });

  it('refuses a service that does not run that day, and staff without service rights', async () => {
    const res = await admin(d.manager, 'POST', '/api/admin/closeouts', {
      date: '2027-04-09',
      service: '09:00-11:00',
      reason: 'x',
    });
    expect(res.json().errors.service).toBe('That service does not run on this date');
    expect(
      (await admin(d.waiter, 'POST', '/api/admin/closeouts', { date: '2027-04-09', reason: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
