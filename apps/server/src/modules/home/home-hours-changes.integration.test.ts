import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeContent } from '@servery/contract/home';
import { WEEKDAYS } from '@servery/contract/opening-hours';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { addCamden, importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { homeOver } from '../../../test/home-answer.ts';
import { staffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

// GET /api/home's changed hours: each store's special days (named when the shop has several)
// and its stores closed until further notice on the ordering site, the booking hours'
// close-outs on the booking site, for today and the 13 days after it on the shop's clock. A second process listens on a port, so its reads go through the front door
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
const home = (host: string) => homeOver(secondUrl, host);

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
  const manager = await staffAgent(ctx.app, ctx.db, doc, 'owner');
  const admin = async (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await ctx.app.inject({ method, url, headers: manager.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return { doc, host: doc.hosts[0]!.host, bookHost: doc.hosts[1]!.host, admin };
}

const change = (date: string, day: string, hours: string, today = false, store?: string) => ({
  date,
  day,
  hours,
  closed: hours === 'Closed',
  today,
  ...(store ? { store } : {}),
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

  it("lists every store's special days, named, by store (the main store's first) and date", async () => {
    const { host, bookHost } = await openShop((doc) => {
      addCamden(doc);
      doc.home!.mainStore = 'camden'; // the main store is not the first in the document
      doc.stores[0]!.specialDays = [
        { date: '2026-12-25', closed: true, hours: [] },
        { date: '2026-12-27', closed: true, hours: [] }, // a Sunday: Main Store is closed anyway
      ];
      doc.stores[1]!.specialDays = [
        { date: '2026-12-25', closed: true, hours: [] },
        { date: '2026-12-26', closed: false, hours: [{ opens: '12:00', closes: '16:00' }] },
        { date: '2026-12-27', closed: true, hours: [] }, // Camden opens on Sundays
      ];
    });
    const answer = await home(host);
    expect(answer.openingChanges).toEqual([
      change('2026-12-25', 'Fri 25 Dec', 'Closed', false, 'Camden'),
      change('2026-12-26', 'Sat 26 Dec', '12:00 PM - 4:00 PM', false, 'Camden'),
      change('2026-12-27', 'Sun 27 Dec', 'Closed', false, 'Camden'),
      change('2026-12-25', 'Fri 25 Dec', 'Closed', false, 'Main Store'),
    ]);
    expect(answer.closedStores).toEqual([]);
    // The weekly hours are still the main store's alone (SPEC's key, unchanged).
    expect(answer.openingHours).toEqual({
      Weekdays: '12:00 PM - 10:00 PM',
      Saturday: '12:00 PM - 10:00 PM',
      Sunday: '12:00 PM - 10:00 PM',
    });
    expect((await home(bookHost)).openingChanges).toEqual(answer.openingChanges);
  });

  it('a special day saved at the other store on one process is listed, named, by the other', async () => {
    const { host, doc } = await openShop(addCamden);
    const owner = await staffAgent(ctx.app, ctx.db, doc, 'owner');
    const stores = (await ctx.app.inject({ url: '/api/store', headers: { host } })).json().data;
    const camden = stores.find((s: { name: string }) => s.name === 'Camden');
    const answer = await seenOnTheSecond(
      host,
      async () => {
        const res = await ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/stores/${camden.id}/special-days`,
          headers: owner.headers,
          payload: { special_days: [{ date: '2026-12-24', closed: true, hours: [] }] },
        });
        expect(res.statusCode, res.body).toBe(200);
      },
      (read) => Boolean(read.openingChanges?.length),
      "Camden's special day on the second process",
    );
    expect(answer.openingChanges).toEqual([
      change('2026-12-24', 'Thu 24 Dec', 'Closed', false, 'Camden'),
    ]);
  });

  it('shows a store closed until further notice as closed, without its special days, on every process', async () => {
    const { host, doc } = await openShop((doc) => {
      addCamden(doc);
      doc.stores[0]!.specialDays = [{ date: '2026-12-25', closed: true, hours: [] }];
      doc.stores[1]!.specialDays = [{ date: '2026-12-26', closed: true, hours: [] }];
    });
    const open = await home(host);
    expect(open.closedStores).toEqual([]);
    expect(open.openingChanges).toHaveLength(2);

    // The main store closes for a refit (the shop document's isClosed, imported again).
    const refit = structuredClone(doc);
    refit.stores[0]!.isClosed = true;
    const closed = await seenOnTheSecond(
      host,
      () => importTestTenant(ctx.db, refit),
      (read) => Boolean(read.closedStores?.length),
      'the closed store on the second process',
    );
    expect(closed.closedStores).toEqual([
      { store: 'Main Store', main: true, text: 'Temporarily closed' },
    ]);
    expect(closed.openingChanges).toEqual([
      change('2026-12-26', 'Sat 26 Dec', 'Closed', false, 'Camden'),
    ]);
    // SPEC's keys are as they were: the weekly hours are still given, for what they are.
    expect(closed.openingHours).toEqual(open.openingHours);

    // The other store closed instead: listed after the main store, and not the main one.
    refit.stores[0]!.isClosed = false;
    refit.stores[1]!.isClosed = true;
    const other = await seenOnTheSecond(
      host,
      () => importTestTenant(ctx.db, refit),
      (read) => read.closedStores?.[0]?.store === 'Camden',
      'Camden closed on the second process',
    );
    expect(other.closedStores).toEqual([
      { store: 'Camden', main: false, text: 'Temporarily closed' },
    ]);
    expect(other.openingChanges).toEqual([
      change('2026-12-25', 'Fri 25 Dec', 'Closed', false, 'Main Store'),
    ]);

    // A shop of one store: the store is the shop, and is not named.
    const single = await openShop((doc) => {
      doc.stores[0]!.isClosed = true;
    });
    expect((await home(single.host)).closedStores).toEqual([
      { main: true, text: 'Temporarily closed' },
    ]);
  });

  it("under the shop's closed switch every store is closed, in its dialog's words and message", async () => {
    const { host, bookHost, admin } = await openShop((doc) => {
      addCamden(doc);
      doc.stores[1]!.specialDays = [{ date: '2026-12-26', closed: true, hours: [] }];
    });
    const answer = await seenOnTheSecond(
      bookHost,
      () => admin('PATCH', '/api/admin/shop', { IsShopClosed: 1 }),
      (read) => Boolean(read.closedStores?.length),
      'the closed shop on the second process',
    );
    expect(answer.closedStores).toEqual([
      { main: true, text: "We're currently closed", message: 'Closed for the holidays' },
    ]);
    expect(answer.openingChanges).toEqual([]);
    // Bookings are not closed by the switch: their hours and changes are as they were.
    expect(answer.bookingHours?.Weekdays).toBe('12:00 PM - 3:00 PM, 6:00 PM - 10:00 PM');
    expect(answer.bookingChanges).toEqual([]);

    // No message: the dialog's title alone. Opened again: nothing closed.
    await admin('PATCH', '/api/admin/shop', { ShopClosedMessage: '' });
    await until(
      async () => ((await home(host)).closedStores?.[0]?.message === undefined ? true : undefined),
      'the message gone on the second process',
    );
    expect((await home(host)).closedStores).toEqual([
      { main: true, text: "We're currently closed" },
    ]);
    const reopened = await seenOnTheSecond(
      host,
      () => admin('PATCH', '/api/admin/shop', { IsShopClosed: 0 }),
      (read) => read.closedStores?.length === 0,
      'the shop open again on the second process',
    );
    expect(reopened.openingChanges).toEqual([
      change('2026-12-26', 'Sat 26 Dec', 'Closed', false, 'Camden'),
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
    const christmasEve = await home(host);
    expect(christmasEve.openingChanges).toEqual([change('2026-12-25', 'Fri 25 Dec', 'Closed')]);
    // The answer says when the shop's day ends: a page left open fetches it again then.
    expect(christmasEve.dayEndsAt).toBe('2026-12-25T00:00:00.000Z');
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
    const summer = await home(host);
    expect(summer.openingChanges).toEqual([change('2027-06-11', 'Fri 11 Jun', 'Closed')]);
    expect(summer.dayEndsAt).toBe('2027-06-10T23:00:00.000Z');
    setClock('2027-06-10T23:00:00Z');
    const summerDay = await home(host);
    expect(summerDay.openingChanges).toEqual([change('2027-06-11', 'Fri 11 Jun', 'Closed', true)]);
    expect(summerDay.dayEndsAt).toBe('2027-06-11T23:00:00.000Z');
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
