import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZHomeContent, type HomeContent } from '@servery/contract/home';
import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { staffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

// GET /api/home's changed hours: the main store's special days on the ordering site, the
// booking hours' close-outs on the booking site, for today and the 13 days after it on the
// shop's clock. A second process listens on a port, so its reads go through the front door
// (decision 29) as a browser's do, and see what the first process changed.
let current = new Date('2026-12-23T12:00:00Z'); // Wednesday 23 December, noon in London
const setClock = (iso: string) => void (current = new Date(iso));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;
/** How many times the second process's shop cache was cleared by a NOTIFY. */
let notified = 0;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date(current) });
  second = await secondProcess(ctx, { now: () => new Date(current) });
  second.tenantCache.onDrop((tenantId) => {
    if (tenantId === undefined) notified++;
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

/** GET /api/home from the second process over HTTP, checked against the contract. */
function home(host: string): Promise<HomeContent> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${secondUrl}/api/home`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString());
          resolve(ZHomeContent.strict().parse(body.data));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `shows` true of the second process's answer after a change made through the first, once a
 * NOTIFY has cleared the second's cache: not by its kept answer's 30 s lifetime running out.
 */
async function seenOnTheSecond(
  host: string,
  changeIt: () => Promise<unknown>,
  shows: (answer: HomeContent) => boolean,
  what: string,
) {
  expect(shows(await home(host)), `${what} before the change`).toBe(false);
  const before = notified;
  await changeIt();
  const answer = await until(async () => {
    if (notified === before) return undefined;
    const read = await home(host);
    return shows(read) ? read : undefined;
  }, what);
  return answer;
}

const sittings = [
  { opens: '12:00', closes: '15:00' },
  { opens: '18:00', closes: '22:00' },
];

/** A shop of the test's own: open Monday to Saturday, bookings every day at lunch and dinner. */
async function openShop(change: (doc: TenantDocumentInput) => void = () => {}) {
  const doc = makeTenantDocument({
    booking: {
      hours: Object.fromEntries(WEEKDAYS.map((day) => [day, sittings])),
      coversPerSlot: 20,
    },
  });
  change(doc);
  await importTestTenant(ctx.db, doc);
  const manager = await staffAgent(ctx.app, ctx.db, doc, 'manager', { stores: ['main'] });
  const admin = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: manager.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return { doc, host: doc.hosts[0]!.host, bookHost: doc.hosts[1]!.host, admin };
}

const change = (date: string, day: string, hours: string, today = false) => ({
  date,
  day,
  hours,
  closed: hours === 'Closed',
  today,
});

describe('GET /api/home: changed hours', () => {
  it('a shop with neither special days nor close-outs lists none, and keeps its other keys', async () => {
    const { host, bookHost } = await openShop();
    const answer = await home(host);
    expect(answer.openingChanges).toEqual([]);
    expect(answer.bookingChanges).toEqual([]);
    expect(answer.openingHours).toEqual({
      Weekdays: '11:00 AM - 10:00 PM',
      Saturday: '12:00 PM - 11:30 PM',
      Sunday: 'Closed',
    });
    expect(answer.bookingHours?.Weekdays).toBe('12:00 PM - 3:00 PM, 6:00 PM - 10:00 PM');
    expect(await home(bookHost)).toEqual(answer);

    // A shop that takes no bookings has no booking changes, as it has no booking hours.
    const noBookings = await openShop((doc) => {
      doc.booking = null;
    });
    expect((await home(noBookings.host)).bookingChanges).toBeNull();
    expect((await home(noBookings.host)).openingChanges).toEqual([]);
  });

  it("lists the main store's special days that change its week, from today for 14 days", async () => {
    const { host } = await openShop((doc) => {
      doc.stores[0]!.specialDays = [
        { date: '2026-12-20', closed: true, hours: [] }, // past
        { date: '2026-12-24', closed: false, hours: [{ opens: '11:00', closes: '22:00' }] }, // as every Thursday
        { date: '2026-12-25', closed: true, hours: [] },
        { date: '2026-12-27', closed: true, hours: [] }, // a Sunday: closed anyway
        { date: '2026-12-31', closed: false, hours: [{ opens: '17:00', closes: '01:00' }] },
        { date: '2027-01-05', closed: true, hours: [] }, // the 14th day
        { date: '2027-01-06', closed: true, hours: [] }, // the 15th
      ];
    });
    const answer = await home(host);
    expect(answer.openingChanges).toEqual([
      change('2026-12-25', 'Fri 25 Dec', 'Closed'),
      change('2026-12-31', 'Thu 31 Dec', '5:00 PM - 1:00 AM'),
      change('2027-01-05', 'Tue 5 Jan', 'Closed'),
    ]);
    // The weekly hours say what they said before: the changes are beside them.
    expect(answer.openingHours.Friday ?? answer.openingHours.Weekdays).toBe('11:00 AM - 10:00 PM');
    expect(answer.bookingChanges).toEqual([]);
  });

  it('a special day saved on one process is listed by the other', async () => {
    const { host, admin } = await openShop();
    const stores = (await ctx.app.inject({ url: '/api/store', headers: { host } })).json().data;
    const answer = await seenOnTheSecond(
      host,
      () =>
        admin('PUT', `/api/admin/stores/${stores[0].id}/special-days`, {
          special_days: [
            { date: '2026-12-23', closed: false, hours: [{ opens: '11:00', closes: '15:00' }] },
          ],
        }),
      (read) => Boolean(read.openingChanges?.length),
      'the special day on the second process',
    );
    expect(answer.openingChanges).toEqual([
      change('2026-12-23', 'Wed 23 Dec', '11:00 AM - 3:00 PM', true),
    ]);
  });

  it("turns the list over at the shop's midnight, kept answers and replays included", async () => {
    const { host } = await openShop((doc) => {
      doc.stores[0]!.specialDays = [
        { date: '2026-12-25', closed: true, hours: [] },
        { date: '2027-01-07', closed: true, hours: [] },
        { date: '2027-06-11', closed: true, hours: [] },
      ];
    });
    setClock('2026-12-24T23:59:59Z'); // London is on GMT
    expect((await home(host)).openingChanges).toEqual([
      change('2026-12-25', 'Fri 25 Dec', 'Closed'),
    ]);
    const replayed = second.frontDoor.replayed;
    expect((await home(host)).openingChanges).toHaveLength(1);
    expect(second.frontDoor.replayed).toBe(replayed + 1);

    // Christmas Day: today's line is marked, and 7 January comes into the fortnight.
    setClock('2026-12-25T00:00:00Z');
    expect((await home(host)).openingChanges).toEqual([
      change('2026-12-25', 'Fri 25 Dec', 'Closed', true),
      change('2027-01-07', 'Thu 7 Jan', 'Closed'),
    ]);
    setClock('2026-12-26T00:00:00Z');
    expect((await home(host)).openingChanges).toEqual([
      change('2027-01-07', 'Thu 7 Jan', 'Closed'),
    ]);

    // In summer time the shop's midnight is 23:00 UTC.
    setClock('2027-06-10T22:59:59Z');
    expect((await home(host)).openingChanges).toEqual([
      change('2027-06-11', 'Fri 11 Jun', 'Closed'),
    ]);
    setClock('2027-06-10T23:00:00Z');
    expect((await home(host)).openingChanges).toEqual([
      change('2027-06-11', 'Fri 11 Jun', 'Closed', true),
    ]);
    setClock('2026-12-23T12:00:00Z');
  });

  it('lists the days close-outs take whole sittings off the booking hours, on every process', async () => {
    const { host, bookHost, admin } = await openShop();
    expect((await home(bookHost)).bookingChanges).toEqual([]);
    let wholeDay = { id: '' };
    const listed = await seenOnTheSecond(
      bookHost,
      async () =>
        (wholeDay = await admin('POST', '/api/admin/closeouts', {
          date: '2026-12-26',
          reason: 'Closed for Boxing Day',
        })),
      (read) => Boolean(read.bookingChanges?.length),
      'the close-out on the second process',
    );
    expect(listed.bookingChanges).toEqual([change('2026-12-26', 'Sat 26 Dec', 'Closed')]);

    // An evening closed out leaves lunch; one slot closed out changes no hours; both sittings
    // closed one by one close the day; today is marked.
    await admin('POST', '/api/admin/closeouts', {
      date: '2026-12-28',
      service: '18:00-22:00',
      reason: 'Staff party',
    });
    await admin('POST', '/api/admin/closeouts', {
      date: '2026-12-29',
      time: '07:00 PM',
      reason: 'A large party',
    });
    for (const service of ['12:00-15:00', '18:00-22:00']) {
      await admin('POST', '/api/admin/closeouts', { date: '2026-12-30', service, reason: 'Refit' });
    }
    await admin('POST', '/api/admin/closeouts', {
      date: '2026-12-23',
      service: '18:00-22:00',
      reason: 'Private hire',
    });
    const expected = [
      change('2026-12-23', 'Wed 23 Dec', '12:00 PM - 3:00 PM', true),
      change('2026-12-26', 'Sat 26 Dec', 'Closed'),
      change('2026-12-28', 'Mon 28 Dec', '12:00 PM - 3:00 PM'),
      change('2026-12-30', 'Wed 30 Dec', 'Closed'),
    ];
    await until(
      async () =>
        JSON.stringify((await home(bookHost)).bookingChanges) === JSON.stringify(expected)
          ? true
          : undefined,
      'the close-outs on the second process',
    );
    // The same answer on the ordering site's host; the store's hours are not the booking's.
    const answer = await home(host);
    expect(answer.bookingChanges).toEqual(expected);
    expect(answer.openingChanges).toEqual([]);

    // Removed, the day is open to bookings again and no longer listed.
    await seenOnTheSecond(
      bookHost,
      () => admin('DELETE', `/api/admin/closeouts/${wholeDay.id}`),
      (read) => !read.bookingChanges?.some((c) => c.date === '2026-12-26'),
      'the removed close-out gone on the second process',
    );
  });
});
