import { z } from 'zod';
import { ZFlag } from './config.ts';
import { ORDER_TYPES, type OrderType } from './menu.ts';
import { calendarDate, clockSpan, minutesOf } from './clock.ts';
import { WEEKDAYS, ZOpeningRange, ZWeeklyHours, type OpeningRange } from './opening-hours.ts';

/**
 * Service controls (issue 15, docs/decisions/0018): what a manager changes in the middle of
 * service. Every timer is an instant stored with the change and compared at read time.
 */

const ZInstant = z.iso.datetime({ offset: true, message: 'Use an ISO date and time' });
/** A calendar date; an empty one (a date picker left blank) asks for one. */
const ZDate = z.iso.date({
  error: (issue) => (issue.input === '' ? 'Choose a date' : 'Use a date as YYYY-MM-DD'),
});

/** Ordering of some order types stopped until `until` (stored on the store, and its document). */
export const ZStorePause = z
  .object({
    orderTypes: z.array(z.enum(ORDER_TYPES)).min(1).max(2),
    until: ZInstant,
    message: z.string().max(300),
  })
  .strict();
export type StorePause = z.infer<typeof ZStorePause>;

/** A date on which a store is closed, or keeps other hours than its weekly ones. */
export const ZSpecialDay = z
  .object({
    date: ZDate,
    closed: z.boolean(),
    hours: z.array(ZOpeningRange).max(6).default([]),
  })
  .strict()
  .superRefine((day, ctx) => {
    if (day.closed && day.hours.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'A closed day has no hours' });
    }
    if (!day.closed && day.hours.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['hours'],
        message: 'Give the hours, or mark it closed',
      });
    }
    for (const [index, message] of rangeOverlaps(day.hours)) {
      ctx.addIssue({ code: 'custom', path: ['hours', index], message });
    }
  });
export type SpecialDay = z.infer<typeof ZSpecialDay>;

const WEEK = 7 * 24 * 60;

/** Ranges of one day that overlap an earlier one: [index, message]. */
function rangeOverlaps(ranges: readonly OpeningRange[]): [number, string][] {
  const found: [number, string][] = [];
  const spans = ranges.map((r) => span(0, r));
  spans.forEach((a, i) => {
    const earlier = spans.findIndex((b, j) => j < i && intersects(a, b, Infinity));
    if (earlier >= 0) found.push([i, `Overlaps ${label(ranges[earlier]!)}`]);
  });
  return found;
}

function span(dayIndex: number, range: OpeningRange): [number, number] {
  const start = dayIndex * 24 * 60 + minutesOf(range.opens);
  let length = minutesOf(range.closes) - minutesOf(range.opens);
  if (length <= 0) length += 24 * 60;
  return [start, start + length];
}

/** Whether two spans overlap, on a circle of `period` minutes (a week: Sunday night runs into Monday). */
function intersects(a: [number, number], b: [number, number], period: number): boolean {
  const shifts = Number.isFinite(period) ? [-period, 0, period] : [0];
  return shifts.some((shift) => a[0] < b[1] + shift && b[0] + shift < a[1]);
}

/** "11:00 AM – 3:00 PM": the range overlapped, as every staff screen prints a span of the day. */
const label = (r: OpeningRange) => clockSpan(minutesOf(r.opens), minutesOf(r.closes));

/**
 * Ranges of a week that overlap another, with the field that names them ("monday.1") and why.
 * A range past midnight runs into the next day, and Sunday's into Monday's.
 */
export function weeklyOverlaps(hours: z.infer<typeof ZWeeklyHours>): Record<string, string> {
  const all = WEEKDAYS.flatMap((day, d) =>
    (hours[day] ?? []).map((range, index) => ({ day, index, range, span: span(d, range) })),
  );
  const errors: Record<string, string> = {};
  all.forEach((a, i) => {
    const other = all.find((b, j) => j < i && intersects(a.span, b.span, WEEK));
    if (other) {
      errors[`${a.day}.${a.index}`] =
        `Overlaps ${other.day[0]!.toUpperCase()}${other.day.slice(1)} ${label(other.range)}`;
    }
  });
  return errors;
}

// ---- Requests ----

/** POST /api/admin/items/{id}/availability and /api/admin/options/{id}/availability. */
export const SOLD_OUT_CHOICES = ['today', 'indefinitely'] as const;
export const ZAvailabilityRequest = z
  .object({
    sold_out: z
      .union([z.enum(SOLD_OUT_CHOICES), z.literal(false)], {
        error: "Choose 'today', 'indefinitely' or false",
      })
      .optional(),
    /** Hide the dish at the store (issue 28); options have no such switch. */
    hidden: z.boolean().optional(),
    /** The store changed (issue 28); by default every one of the caller's stores that sells it. */
    store_id: z.uuid().optional(),
  })
  .strict()
  .refine((body) => body.sold_out !== undefined || body.hidden !== undefined, {
    message: 'Send sold_out or hidden',
    path: ['sold_out'],
  });
export type AvailabilityRequest = z.infer<typeof ZAvailabilityRequest>;

/** POST /api/admin/stores/{id}/pause: for some minutes, or until an instant. */
export const ZPauseRequest = z
  .object({
    order_types: z.array(z.enum(ORDER_TYPES)).min(1).max(2),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
    until: ZInstant.optional(),
    message: z.string().trim().max(300).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.minutes === undefined) === (body.until === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'Send minutes or until' });
    }
  });
export type PauseRequest = z.infer<typeof ZPauseRequest>;

/**
 * POST /api/admin/stores/{id}/busy: minutes added to ASAP and the first slot (0 ends it), until
 * the end of the store's opening, or for `minutes`, or until the instant `until` (decision 87).
 */
export const ZBusyRequest = z
  .object({
    extra_minutes: z.number().int().min(0).max(180),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .optional(),
    until: ZInstant.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.minutes !== undefined && body.until !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['minutes'],
        message: 'Send minutes or until, not both',
      });
    }
  });
export type BusyRequest = z.infer<typeof ZBusyRequest>;

/** PUT /api/admin/stores/{id}/hours: the whole week; overlapping ranges are refused. */
export const ZHoursRequest = z
  .object({ hours: ZWeeklyHours })
  .strict()
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(weeklyOverlaps(body.hours))) {
      const [day, index] = field.split('.');
      ctx.addIssue({ code: 'custom', path: ['hours', day!, Number(index)], message });
    }
  });
export type HoursRequest = z.infer<typeof ZHoursRequest>;

/** PUT /api/admin/stores/{id}/special-days: the whole list, one entry per date. */
export const ZSpecialDaysRequest = z
  .object({ special_days: z.array(ZSpecialDay).max(100) })
  .strict()
  .superRefine((body, ctx) => {
    body.special_days.forEach((day, index) => {
      if (body.special_days.findIndex((d) => d.date === day.date) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['special_days', index, 'date'],
          message: `${calendarDate(day.date)} is in the list twice: keep one`,
        });
      }
    });
  });
export type SpecialDaysRequest = z.infer<typeof ZSpecialDaysRequest>;

/** PATCH /api/admin/shop: the closed switch, its message, bookings and their settings. */
export const ZShopPatch = z
  .object({
    IsShopClosed: ZFlag.optional(),
    ShopClosedMessage: z.string().max(500).optional(),
    allowBooking: ZFlag.optional(),
    booking: z
      .object({
        hours: ZWeeklyHours.optional(),
        stepMinutes: z.number().int().min(5).max(120).optional(),
        coversPerSlot: z.number().int().min(1).max(1000).optional(),
        daysAllowed: z.number().int().min(0).max(365).optional(),
        whatsappShare: z.boolean().optional(),
        whatsappNumber: z
          .string()
          .regex(/^(\d{10,15})?$/, 'Use digits with the country code')
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ShopPatch = z.infer<typeof ZShopPatch>;

// ---- Answers ----

export type SoldOutState = 'today' | 'indefinitely' | false;

// The message a paused order type shows when the shop wrote none: in pause-words.ts, which the
// storefront's first screens import without zod.
export { defaultPauseMessage } from './pause-words.ts';

/** The pause in force at `at` for an order type, if any. */
export function activePause(
  pause: StorePause | null | undefined,
  at: Date,
  orderType?: OrderType,
): StorePause | null {
  if (!pause || new Date(pause.until).getTime() <= at.getTime()) return null;
  if (orderType && !pause.orderTypes.includes(orderType)) return null;
  return pause;
}

// The answers' shapes are schemas (api-shapes-staff.ts), their types read from them.
export type {
  ServiceOption,
  ServiceItem,
  ServiceStore,
  ShopSwitches,
  OptionAvailability,
} from './api-shapes-staff.ts';
