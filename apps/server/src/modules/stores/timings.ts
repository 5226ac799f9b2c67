import type { OrderType } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import {
  addDays,
  clockTime,
  formatClockTime,
  instantAt,
  leadMinutes,
  localDate,
  wallClock,
} from '@servery/contract/clock';
import { activePause, type StorePause } from '@servery/contract/service';
import { closesAt, openingsFrom, type OpeningRow, type SpecialDayRow } from './opening.ts';

/** Scheduled orders are taken on a quarter-hour grid, for today and the next three days. */
export const SLOT_MINUTES = 15;
export const SLOT_DAYS = 4;

export interface TimingStore {
  id: string;
  isClosed: boolean;
  preparationMinutes: number;
  deliveryMinutes: number;
  busyExtraMinutes: number;
  /** When busy mode ends by itself (decision 87). */
  busyUntil: Date | null;
  orderTypes: OrderType[];
  hours: OpeningRow[];
  /** Dates closed or with other hours (issue 15). */
  specialDays?: readonly SpecialDayRow[];
  /** Ordering paused for some order types until an instant (issue 15). */
  pause?: StorePause | null;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/**
 * ASAP and the scheduled slots (architecture.md "Checkout"). A slot is when the food is ready
 * (collection) or arrives (delivery): the kitchen must be able to start it while the store is
 * open and finish it by closing time, and it is never sooner than now plus the lead time. ASAP
 * keeps the same rule (asapOffer).
 * Everything is on the shop's wall clock, so midnight and clock changes are right.
 */
export function availableTimings(
  store: TimingStore,
  orderType: OrderType,
  now: Date,
  timeZone: string,
  shopClosed: boolean,
): AvailableTimings {
  const empty: AvailableTimings = {
    store_id: store.id,
    order_type: orderType,
    asap: { available: false, at: null, minutes: null, closes_at: null },
    days: [],
    paused: null,
  };
  if (shopClosed || store.isClosed || !store.orderTypes.includes(orderType)) return empty;
  const pause = activePause(store.pause, now, orderType);
  if (pause) return { ...empty, paused: { message: pause.message, until: pause.until } };
  const lead = leadMinutes(store, orderType, now);
  const earliest = now.getTime() + lead * 60_000;
  const offer = asapOffer(store, orderType, now, timeZone);
  const asap =
    offer.kind === 'offered'
      ? { available: true, at: offer.at.toISOString(), minutes: lead, closes_at: null }
      : { ...empty.asap, closes_at: offer.kind === 'closing' ? offer.closes.toISOString() : null };

  const today = localDate(now, timeZone);
  const seen = new Set<number>();
  const byDate = new Map<string, { at: string; label: string }[]>();
  const { from, windows } = slotWindows(store, orderType, today);
  for (const window of windows) {
    for (let minute = window.first; minute <= window.last; minute += SLOT_MINUTES) {
      const at = instantAt(from, minute, timeZone);
      if (!at || at.getTime() < earliest || seen.has(at.getTime())) continue;
      seen.add(at.getTime());
      const day = localDate(at, timeZone);
      if (day > addDays(today, SLOT_DAYS - 1)) continue;
      const time = clockTime(at, timeZone);
      const slots = byDate.get(day) ?? [];
      slots.push({ at: at.toISOString(), label: formatClockTime(time) });
      byDate.set(day, slots);
    }
  }
  const days = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, slots]) => ({
      date,
      label: dayLabel(date, today),
      slots: slots.sort((a, b) => a.at.localeCompare(b.at)),
    }));
  return { ...empty, asap, days };
}

/**
 * Where the scheduled slots fall, seen on `today`: in each continuous opening (openingsFrom:
 * ranges that touch or overlap are one, so a kitchen open throughout has no gap at a join), from
 * the first quarter hour after its opening plus the preparation time (and the ride, for a
 * delivery) to its closing (plus the ride). Minutes from `from`, the midnight that starts the
 * day before today, whose night may run into today. The one rule of both availableTimings (which
 * lists the slots) and isOfferedSlot (which checks the one an order asks for).
 */
function slotWindows(
  store: Pick<TimingStore, 'hours' | 'specialDays' | 'preparationMinutes' | 'deliveryMinutes'>,
  orderType: OrderType,
  today: string,
): { from: string; windows: { first: number; last: number }[] } {
  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  const from = addDays(today, -1);
  const openings = openingsFrom(store.hours, store.specialDays ?? [], from, SLOT_DAYS + 1);
  const windows = openings.map((opening) => ({
    first:
      Math.ceil((opening.opens + store.preparationMinutes + travel) / SLOT_MINUTES) * SLOT_MINUTES,
    last: opening.closes + travel,
  }));
  return { from, windows };
}

/**
 * Whether an order for as soon as possible can be taken now, by the slots' rule: the kitchen
 * starts it while the store is open and finishes it by closing time, so a collection is ready
 * by then and a delivery arrives by closing plus the ride. `closing`: the store is open, but
 * closes too soon (`closes`, the end of the opening it is in).
 */
export type AsapOffer =
  { kind: 'offered'; at: Date } | { kind: 'closed' } | { kind: 'closing'; closes: Date };

export function asapOffer(
  store: Pick<
    TimingStore,
    | 'hours'
    | 'specialDays'
    | 'preparationMinutes'
    | 'busyExtraMinutes'
    | 'busyUntil'
    | 'deliveryMinutes'
  >,
  orderType: OrderType,
  now: Date,
  timeZone: string,
): AsapOffer {
  const closes = closesAt(store.hours, store.specialDays ?? [], now, timeZone);
  if (!closes) return { kind: 'closed' };
  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  const at = new Date(now.getTime() + leadMinutes(store, orderType, now) * 60_000);
  if (at.getTime() > closes.getTime() + travel * 60_000) return { kind: 'closing', closes };
  return { kind: 'offered', at };
}

function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return DAY_LABEL.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Readings of the shop's clock that depend on nothing but their arguments (the time-zone
 * database does not change while the process runs). The same slots are ordered for all day, and
 * asking Intl is slow, so they are remembered; the memo is emptied when it gets large.
 */
const clockMemo = new Map<string, unknown>();
const CLOCK_MEMO_LIMIT = 10_000;
function remembered<T>(key: string, compute: () => T): T {
  if (clockMemo.has(key)) return clockMemo.get(key) as T;
  if (clockMemo.size >= CLOCK_MEMO_LIMIT) clockMemo.clear();
  const value = compute();
  clockMemo.set(key, value);
  return value;
}

/**
 * Whether `at` is one of the slots availableTimings would offer now, without listing them all:
 * the check POST /api/order makes. Same rules (slotWindows): on the quarter-hour grid of an
 * opening that can cook it, not sooner than the lead time, within the coming days.
 */
export function isOfferedSlot(
  store: TimingStore,
  orderType: OrderType,
  at: Date,
  now: Date,
  timeZone: string,
): boolean {
  if (store.isClosed || !store.orderTypes.includes(orderType)) return false;
  if (activePause(store.pause, now, orderType)) return false;
  const lead = leadMinutes(store, orderType, now);
  if (at.getTime() < now.getTime() + lead * 60_000) return false;
  // Every zone's offset is whole minutes, so the date at the start of this minute is today's.
  const minuteStart = now.getTime() - (now.getTime() % 60_000);
  const today = remembered(`date|${timeZone}|${minuteStart}`, () =>
    localDate(new Date(minuteStart), timeZone),
  );
  const day = remembered(`date|${timeZone}|${at.getTime()}`, () => localDate(at, timeZone));
  if (day > addDays(today, SLOT_DAYS - 1)) return false;
  const { from, windows } = slotWindows(store, orderType, today);
  // The slot's minute on the wall clock, counted from the midnight that starts `from`.
  const minute =
    ((Date.parse(day) - Date.parse(from)) / 86_400_000) * 24 * 60 +
    remembered(`minute|${timeZone}|${at.getTime()}`, () => wallClock(at, timeZone).minutes);
  const window = windows.find((w) => w.first <= minute && minute <= w.last);
  if (!window || (minute - window.first) % SLOT_MINUTES !== 0) return false;
  // A minute the clock reads twice is offered once, at its first reading.
  const slot = remembered(`instant|${timeZone}|${from}|${minute}`, () =>
    instantAt(from, minute, timeZone),
  );
  return slot?.getTime() === at.getTime();
}
