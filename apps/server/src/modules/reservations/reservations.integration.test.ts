import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { useReservationShop } from '../../../test/reservation-shop.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';

const r = useReservationShop();
const { shop, noBooking, host, timings, booking, book, coversOf } = r;

describe('GET /api/reservation/timings', () => {
  it('answers today’s remaining slots and the settings as product.md §3 writes them', async () => {
    const answer = await timings();
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data).toMatchObject({
      date: '2026-11-17',
      booking_days_allowed: 30,
      allow_booking_whatsapp_share: 'true',
      booking_whatsapp_number: '447700900123',
    });
    expect(data.slots[0]).toBe('03:30 PM');
    expect(data.slots.at(-1)).toBe('09:30 PM');
  });

  it('answers another day’s slots, and none outside the window', async () => {
    const friday = (await timings('?date=2026-11-20')).json().data.slots;
    expect(friday).toHaveLength(20);
    expect(friday[0]).toBe('12:00 PM');
    expect((await timings('?date=2026-11-16')).json().data.slots).toEqual([]);
    expect((await timings('?date=2026-12-18')).json().data.slots).toEqual([]);
    expect((await timings('?date=2026-12-17')).json().data.slots).toHaveLength(20);
    expect((await timings('?date=17/11/2026')).statusCode).toBe(400);
  });
});

describe('POST /api/booking', () => {
  it('books, takes the covers, and e-mails the details with a calendar file and a cancel link', async () => {
    const answer = await book(booking());
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 200,
      message:
        'Thank you, Priya Shah! Your table for 2 on 20/11/2026 at 07:00 PM is booked. We have e-mailed you the details.',
      data: null,
    });
    expect(await coversOf('2026-11-20', '07:00 PM')).toBe(2);
    const [mail] = await r.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'booking_confirmation'))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(mail!.recipient).toBe('priya@example.com');
    expect(mail!.subject).toBe(`Your table at ${shop.websiteName}, 20/11/2026 at 07:00 PM`);
    expect(mail!.textBody).toMatch(
      new RegExp(`http://${host.replace(/\./g, '\\.')}/reservation/cancel/[\\w-]{43}`),
    );
    const ics = Buffer.from(mail!.attachments![0]!.content, 'base64').toString();
    // 19:00 GMT on 20 November.
    expect(ics).toContain('DTSTART:20261120T190000Z');
    expect(ics).toContain(`SUMMARY:Table for 2 at ${shop.websiteName}`);
    // RFC 5545: no line over 75 octets (the cancel link is folded), CRLF throughout.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, '')).toMatch(
      /\r\nDESCRIPTION:.*\/reservation\/cancel\/[\w-]{43}\r\n/,
    );
    // The attachment is named in the body, in both forms.
    expect(mail!.textBody).toContain('Add to calendar: open the attached booking.ics');
    expect(mail!.htmlBody).toContain(
      '<strong>Add to calendar:</strong> open the attached booking.ics',
    );
  });

  it('records 10+ as a request the restaurant confirms, taking no covers', async () => {
    const answer = await book(booking({ time: '08:00 PM', number_of_people: '10+' }));
    expect(answer.json().message).toBe(
      'Thank you, Priya Shah! We have your request for a table for 10+ on 20/11/2026 at 08:00 PM and will confirm it by e-mail.',
    );
    expect(await coversOf('2026-11-20', '08:00 PM')).toBe(0);
  });

  it('answers every product.md §5 message, field by field', async () => {
    const empty = await book({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      date: 'Date is required',
      time: 'Time is required',
      number_of_people: 'Number of people is required',
    });
    const bad = await book(
      booking({
        email: 'priya@example',
        phone: '0770090012',
        message: 'x'.repeat(201),
        number_of_people: '11',
      }),
    );
    expect(bad.json().errors).toEqual({
      email: 'Enter a valid email',
      phone: 'Enter a UK phone number, such as 07700 900123',
      message: 'Message should be less than 200 characters',
      number_of_people: 'Number of people is required',
    });
  });

  it('refuses dates outside the window and times that are not slots, or already past today', async () => {
    const before = await book(booking({ date: '2026-11-16' }));
    expect(before.json()).toMatchObject({
      status: 400,
      errors: { date: 'Choose today or a later date' },
    });
    const after = await book(booking({ date: '2026-12-18' }));
    expect(after.json().errors).toEqual({
      date: 'Bookings open 30 days ahead: choose a date until 17/12/2026',
    });
    expect((await book(booking({ date: '2026-12-17' }))).statusCode).toBe(200);
    const notASlot = await book(booking({ time: '07:15 PM' }));
    expect(notASlot.json().errors).toEqual({ time: 'Choose one of the available times' });
    const past = await book(booking({ date: '2026-11-17', time: '03:00 PM' }));
    expect(past.json().errors).toEqual({ time: 'Choose one of the available times' });
    expect((await book(booking({ date: '2026-11-17', time: '03:30 PM' }))).statusCode).toBe(200);
  });

  it('offers the nearest free times when a slot is full', async () => {
    const date = '2026-11-21';
    for (let i = 0; i < 10; i++)
      expect((await book(booking({ date, time: '07:30 PM' }))).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await book(booking({ date, time: '07:00 PM' }))).statusCode).toBe(200);
    const full = await book(booking({ date, time: '07:30 PM' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      'Sorry, 07:30 PM is fully booked for 2 people. The nearest free times are 06:30 PM and 08:00 PM.',
    );
    expect((await timings(`?date=${date}`)).json().data.slots).not.toContain('07:30 PM');
  });

  it('honours an Idempotency-Key: the same body once, another body 409', async () => {
    const headers = { 'idempotency-key': 'booking-key-0001' };
    const first = await book(booking({ date: '2026-11-22', time: '01:00 PM' }), headers);
    const again = await book(booking({ date: '2026-11-22', time: '01:00 PM' }), headers);
    expect(again.json()).toEqual(first.json());
    expect(await coversOf('2026-11-22', '01:00 PM')).toBe(2);
    const different = await book(booking({ date: '2026-11-22', time: '01:30 PM' }), headers);
    expect(different.statusCode).toBe(409);
  });

  it('is refused where the shop does not take bookings online', async () => {
    const answer = await book(booking(), {}, noBooking.hosts[0]!.host);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(
      'This restaurant is not taking table bookings online at the moment.',
    );
    expect((await timings('', noBooking.hosts[0]!.host)).json().data.slots).toEqual([]);
  });
});

describe('a closed shop takes no bookings (walk item 3)', () => {
  it('the shop’s closed switch: its message, no times, and a 422 that books nothing', async () => {
    const closedShop = makeTenantDocument({ booking: shop.booking });
    closedShop.config = {
      ...closedShop.config,
      IsShopClosed: 1,
      ShopClosedMessage: 'Closed for Diwali, back on Friday.',
    };
    await importTestTenant(r.ctx.db, closedShop);
    const closedHost = closedShop.hosts[0]!.host;
    expect((await timings('?date=2026-12-09', closedHost)).json().data).toMatchObject({
      slots: [],
      closed_message: 'Closed for Diwali, back on Friday.',
    });
    const answer = await book(booking({ date: '2026-12-09', time: '08:30 PM' }), {}, closedHost);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      status: 422,
      message: 'Closed for Diwali, back on Friday.',
    });
    expect(await coversOf('2026-12-09', '08:30 PM')).toBe(0);
    // The open shop beside it books as before.
    expect((await timings('?date=2026-11-20')).json().data.closed_message).toBeNull();
  });

  it('the main store closed until further notice: named, no times, refused', async () => {
    const closedStore = makeTenantDocument({ booking: shop.booking });
    closedStore.stores = closedStore.stores.map((s) => ({ ...s, isClosed: true }));
    await importTestTenant(r.ctx.db, closedStore);
    const closedHost = closedStore.hosts[0]!.host;
    const name = closedStore.stores[0]!.name;
    const message = `${name} is closed at the moment and is not taking table bookings.`;
    expect((await timings('?date=2026-12-10', closedHost)).json().data).toMatchObject({
      slots: [],
      closed_message: message,
    });
    const answer = await book(booking({ date: '2026-12-10', time: '08:30 PM' }), {}, closedHost);
    expect(answer.json()).toMatchObject({ status: 422, message });
    expect(await coversOf('2026-12-10', '08:30 PM')).toBe(0);
  });
});
