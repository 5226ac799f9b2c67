import type { OrderType } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import {
  addDays,
  clockTime,
  formatClockTime,
  instantAt,
  leadMinutes,
  localDate,
  minutesOf,
  wallClock,
} from '@servery/contract/clock';
import { activePause, type StorePause } from '@servery/contract/service';
import { closesAt, rangesOn, type OpeningRow, type SpecialDayRow } from './opening.ts';

/** Scheduled orders are taken on a quarter-hour grid, for today and the next three days. */
export const SLOT_MINUTES = 15;
export const SLOT_DAYS = 4;

export interface TimingStore {
  id: string;
  isClosed: boolean;
  preparationMinutes: number;
  deliveryMinutes: number;
  busyExtraMinutes: number;
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
  const specialDays = store.specialDays ?? [];

  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  const lead = leadMinutes(store, orderType);
  const earliest = now.getTime() + lead * 60_000;
  const offer = asapOffer(store, orderType, now, timeZone);
  const asap =
    offer.kind === 'offered'
      ? { available: true, at: offer.at.toISOString(), minutes: lead, closes_at: null }
      : { ...empty.asap, closes_at: offer.kind === 'closing' ? offer.closes.toISOString() : null };

  const today = localDate(now, timeZone);
  const seen = new Set<number>();
  const byDate = new Map<string, { at: string; label: string }[]>();
  // Yesterday too: its range may run past midnight into today.
  for (let offset = -1; offset < SLOT_DAYS; offset++) {
    const date = addDays(today, offset);
    for (const range of rangesOn(store.hours, specialDays, date)) {
      const opens = minutesOf(range.opens);
      let closes = minutesOf(range.closes);
      if (closes <= opens) closes += 24 * 60;
      const first =
        Math.ceil((opens + store.preparationMinutes + travel) / SLOT_MINUTES) * SLOT_MINUTES;
      for (let minute = first; minute <= closes + travel; minute += SLOT_MINUTES) {
        const at = instantAt(date, minute, timeZone);
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
    'hours' | 'specialDays' | 'preparationMinutes' | 'busyExtraMinutes' | 'deliveryMinutes'
  >,
  orderType: OrderType,
  now: Date,
  timeZone: string,
): AsapOffer {
  const closes = closesAt(store.hours, store.specialDays ?? [], now, timeZone);
  if (!closes) return { kind: 'closed' };
  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  const at = new Date(now.getTime() + leadMinutes(store, orderType) * 60_000);
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
 * the check POST /api/order makes. Same rules: on the quarter-hour grid of a range that can cook
 * it, not sooner than the lead time, within the coming days.
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
  const travel = orderType === 'delivery' ? store.deliveryMinutes : 0;
  const lead = leadMinutes(store, orderType);
  if (at.getTime() < now.getTime() + lead * 60_000) return false;
  // Every zone's offset is whole minutes, so the date at the start of this minute is today's.
  const minuteStart = now.getTime() - (now.getTime() % 60_000);
  const today = remembered(`date|${timeZone}|${minuteStart}`, () =>
    localDate(new Date(minuteStart), timeZone),
  );
  const day = remembered(`date|${timeZone}|${at.getTime()}`, () => localDate(at, timeZone));
  if (day > addDays(today, SLOT_DAYS - 1)) return false;
  // The slot's minute on the wall clock, counted from its own date's midnight.
  const atMinute = remembered(
    `minute|${timeZone}|${at.getTime()}`,
    () => wallClock(at, timeZone).minutes,
  );
  // The range may be the slot's own day's or, past midnight, the day before's.
  for (const offset of [0, -1]) {
    const date = addDays(day, offset);
    for (const range of rangesOn(store.hours, store.specialDays ?? [], date)) {
      const opens = minutesOf(range.opens);
      let closes = minutesOf(range.closes);
      if (closes <= opens) closes += 24 * 60;
      const first =
        Math.ceil((opens + store.preparationMinutes + travel) / SLOT_MINUTES) * SLOT_MINUTES;
      // Counted from that date's midnight.
      const minute = atMinute + (offset === -1 ? 24 * 60 : 0);
      if (minute < first || minute > closes + travel || (minute - first) % SLOT_MINUTES !== 0) {
        continue;
      }
      const slot = remembered(`instant|${timeZone}|${date}|${minute}`, () =>
        instantAt(date, minute, timeZone),
      );
      if (slot?.getTime() === at.getTime()) return true;
    }
  }
  return false;
}
