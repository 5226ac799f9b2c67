import { addDays, hhmm, instantAt, localDate, weekdayOf } from '@servery/contract/clock';
import { SHOP_CLOSED_TITLE } from '@servery/contract/constants';
import {
  HOURS_CHANGES_DAYS,
  type ClosedStore,
  type HomeContent,
  type HoursChange,
} from '@servery/contract/home';
import { describeDay, type OpeningRange } from '@servery/contract/opening-hours';
import type { BookingDocument } from '@servery/contract/tenant-document';
import { isClosedOut, servicesOf } from '../reservations/booking-slots.ts';
import type { OpeningRow, SpecialDayRow } from '../stores/opening.ts';
import { STORE_CLOSED_TEXT } from '../stores/stores.service.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { homeContentOf } from '../tenants/tenants.service.ts';

/** A close-out as the home answer reads it: the slot times of a date it closes, [from, until). */
export interface HomeCloseout {
  date: string;
  fromMinutes: number;
  untilMinutes: number;
}

/** The shop's day at an instant: its date, and the instants it starts and ends. */
interface ShopDay {
  today: string;
  from: number;
  until: number;
}

/**
 * The day last worked out per time zone: every request for the home page asks which day it
 * is, and the answer changes once a day (Intl's time-zone sums cost microseconds each).
 */
const days = new Map<string, ShopDay>();

/** The first instant of a date on the shop's clock (01:00 where midnight is skipped). */
const startOf = (date: string, timeZone: string, fallback: number) =>
  (instantAt(date, 0, timeZone) ?? instantAt(date, 60, timeZone))?.getTime() ?? fallback;

/**
 * The shop's date at `at`, and the instant its next day begins: the home answer is kept per
 * date until then, so no cache keeps yesterday's "today" past midnight on the shop's clock.
 */
export function shopDayOf(at: Date, timeZone: string): { today: string; until: number } {
  const time = at.getTime();
  const kept = days.get(timeZone);
  if (kept && kept.from <= time && time < kept.until) return kept;
  const today = localDate(at, timeZone);
  const day = {
    today,
    from: startOf(today, timeZone, time),
    until: startOf(addDays(today, 1), timeZone, time + 3_600_000),
  };
  days.set(timeZone, day);
  return day;
}

/** "Fri 25 Dec": a calendar date as the home page's list of changes names it. */
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return DAY_FORMAT.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

const byOpening = (a: OpeningRange, b: OpeningRange) => a.opens.localeCompare(b.opens);
const rangesKey = (ranges: readonly OpeningRange[]) =>
  ranges
    .map((r) => `${r.opens.slice(0, 5)}-${r.closes.slice(0, 5)}`)
    .sort()
    .join(',');

function changeOf(date: string, ranges: readonly OpeningRange[], today: string): HoursChange {
  return {
    date,
    day: dayLabel(date),
    hours: describeDay([...ranges].sort(byOpening)),
    closed: ranges.length === 0,
    today: date === today,
  };
}

/** The last date of the fortnight the home page looks ahead from `today`. */
export const lastHomeDate = (today: string) => addDays(today, HOURS_CHANGES_DAYS - 1);

/**
 * A store's special days from `today` for a fortnight that change its weekly hours: closed on
 * a day it opens, or other hours. A special day that says what the week already says is no
 * change, and is left out.
 */
export function storeHoursChanges(
  rows: readonly OpeningRow[],
  specialDays: readonly SpecialDayRow[],
  today: string,
): HoursChange[] {
  const last = lastHomeDate(today);
  return specialDays
    .filter((day) => day.date >= today && day.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date))
    .flatMap((day) => {
      const ranges = day.closed ? [] : day.hours;
      const weekly = rows.filter((row) => row.weekday === weekdayOf(day.date));
      return rangesKey(ranges) === rangesKey(weekly) ? [] : [changeOf(day.date, ranges, today)];
    });
}

/**
 * The dates from `today` for a fortnight on which close-outs take one or more whole sittings
 * (a range of the booking hours, or the whole day) off online booking: the sittings left, or
 * closed. A close-out of a few slots inside a sitting changes no hours and is left out: the
 * reservation page simply does not offer those times.
 */
export function bookingHoursChanges(
  booking: BookingDocument,
  closeouts: readonly HomeCloseout[],
  today: string,
  timeZone: string,
): HoursChange[] {
  const last = lastHomeDate(today);
  const dates = [...new Set(closeouts.map((c) => c.date))]
    .filter((date) => date >= today && date <= last)
    .sort();
  return dates.flatMap((date) => {
    const closed = closeouts.filter((c) => c.date === date);
    const sittings = servicesOf(booking, date, timeZone).filter((s) => s.slots.length > 0);
    const open = sittings.filter((s) => !s.slots.every((time) => isClosedOut(closed, time)));
    if (open.length === sittings.length) return [];
    const ranges = open.map((s) => ({ opens: hhmm(s.from), closes: hhmm(s.until % (24 * 60)) }));
    return [changeOf(date, ranges, today)];
  });
}

type Store = Tenant['stores'][number];

/**
 * The stores closed until further notice, or the whole shop under its closed switch (which
 * closes every store to orders, shop-document.md): what the home pages print instead of their
 * hours. A store is named when the shop has more than one.
 */
function closedStoresOf(tenant: Tenant, stores: readonly Store[], mainId: string | undefined) {
  const { config } = tenant.row;
  if (config.IsShopClosed === 1) {
    const message = config.ShopClosedMessage.trim();
    return [{ main: true, text: SHOP_CLOSED_TITLE, ...(message ? { message } : {}) }];
  }
  const named = tenant.stores.length > 1;
  return stores
    .filter((store) => store.isClosed)
    .map((store): ClosedStore => ({
      ...(named ? { store: store.name } : {}),
      main: store.id === mainId,
      text: STORE_CLOSED_TEXT,
    }));
}

/**
 * The answer of GET /api/home on the shop's date `today`, kept until `dayEndsAt` (the instant
 * the shop's next day begins): the home content; the stores closed until further notice; the
 * changes to the open stores' hours in the coming fortnight (each store's special days by date,
 * the main store's first, named by store when there are several); and the booking hours'
 * close-outs when the shop takes bookings.
 */
export function homeAnswerOf(
  tenant: Tenant,
  today: string,
  closeouts: readonly HomeCloseout[],
  dayEndsAt: number,
): HomeContent {
  const content = homeContentOf(tenant);
  const mainId = tenant.home?.mainStoreId ?? tenant.stores[0]?.id;
  const stores = [
    ...tenant.stores.filter((s) => s.id === mainId),
    ...tenant.stores.filter((s) => s.id !== mainId),
  ];
  const closedStores = closedStoresOf(tenant, stores, mainId);
  const named = tenant.stores.length > 1;
  const open = tenant.row.config.IsShopClosed === 1 ? [] : stores.filter((s) => !s.isClosed);
  // By store (the main store's first, then the others in the shop's order), each by date.
  const openingChanges = open.flatMap((store) =>
    storeHoursChanges(
      tenant.hours.filter((row) => row.storeId === store.id),
      store.specialDays,
      today,
    ).map((change) => (named ? { ...change, store: store.name } : change)),
  );
  const { booking, config } = tenant.row;
  return {
    ...content,
    openingChanges,
    bookingChanges:
      content.bookingHours && booking
        ? bookingHoursChanges(booking, closeouts, today, config.timeZone)
        : null,
    closedStores,
    dayEndsAt: new Date(dayEndsAt).toISOString(),
  };
}
