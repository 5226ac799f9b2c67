import { z } from 'zod';
import type { Answer } from './answer.ts';
import { ZAllergenInfo } from './api-shapes-menu.ts';
import { id, instant, money } from './api-shapes-storefront.ts';
import { BOOKING_SOURCES } from './diary.ts';
import { ORDER_TYPES } from './menu.ts';
import { ZOrderAddress } from './order-answer.ts';
import { ORDER_STATUSES } from './order-statuses.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './order.ts';
import { WEEKDAYS } from './opening-hours.ts';
import { BOOKING_STATUSES } from './reservation-rules.ts';

/**
 * The shapes of the staff application's answers (diary, desk, service), for API_RESPONSES:
 * one schema each, whose type the web reads (diary.ts, desk.ts and service.ts re-export them).
 */

const bookingStatus = z.enum(BOOKING_STATUSES);
const orderStatus = z.enum(ORDER_STATUSES);
const orderType = z.enum(ORDER_TYPES);

export const ZDiaryBooking = z.looseObject({
  id,
  date: z.string(),
  time: z.string(),
  /** As the guest asked ("10+" for a request) and as it counts. */
  people: z.string(),
  covers: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  status: bookingStatus,
  source: z.enum(BOOKING_SOURCES),
  /** A decline's or a cancellation's reason. */
  note: z.string().nullable(),
  over_capacity: z.boolean(),
  created_at: instant,
  /** The moves allowed now: the table's, less arrived and seated off the day and an early no-show. */
  next: z.array(bookingStatus),
  /** From when a no-show may be marked: the booking's time plus NO_SHOW_AFTER_MINUTES. */
  no_show_from: instant,
  /** For a no-show marked in the last NO_SHOW_UNDO_MINUTES: until when it may be undone. */
  undo_no_show_until: instant.nullable(),
  /**
   * After a one-tap move (arrived, seated, left) made in the last MOVE_UNDO_MINUTES: until when
   * it may be undone, and the status the undo puts back; both null otherwise.
   */
  undo_until: instant.nullable(),
  undo_back_to: bookingStatus.nullable(),
  /**
   * While a move may be undone (`undo_until` or `undo_no_show_until` set): when it was made,
   * which the undo names as `at` (decision 78); null otherwise.
   */
  moved_at: instant.nullable(),
});
export type DiaryBooking = Answer<typeof ZDiaryBooking>;

export const ZDiaryCloseout = z.looseObject({
  id,
  date: z.string(),
  /** The slots it closes, from and until ("HH:MM", 24-hour); a whole day is 00:00-24:00. */
  from: z.string(),
  until: z.string(),
  label: z.string(),
  reason: z.string(),
});
export type DiaryCloseout = Answer<typeof ZDiaryCloseout>;

export const ZDiarySlot = z.looseObject({
  time: z.string(),
  covers: z.number().int(),
  capacity: z.number().int(),
  closed: z.boolean(),
  bookings: z.array(ZDiaryBooking),
});
export type DiarySlot = Answer<typeof ZDiarySlot>;

export const ZDiaryService = z.looseObject({
  id: z.string(),
  label: z.string(),
  covers: z.number().int(),
  bookings: z.number().int(),
  slots: z.array(ZDiarySlot),
});
export type DiaryService = Answer<typeof ZDiaryService>;

/** GET /api/admin/bookings?date=…: the day as the front of house runs it. */
export const ZDiaryDay = z.looseObject({
  date: z.string(),
  time_zone: z.string(),
  store: z.looseObject({ id, name: z.string() }),
  capacity_per_slot: z.number().int(),
  services: z.array(ZDiaryService),
  /** Bookings at times that are not a slot of the day any more (hours changed since). */
  other: z.array(ZDiaryBooking),
  /** Requests still to answer, from this date on: the queue on top of the diary. */
  requests: z.array(ZDiaryBooking),
  closeouts: z.array(ZDiaryCloseout),
  totals: z.looseObject({
    covers: z.number().int(),
    bookings: z.number().int(),
    requested: z.number().int(),
  }),
});
export type DiaryDay = Answer<typeof ZDiaryDay>;

/** An order as the desk shows it: everything the kitchen and the driver need. */
export const ZDeskOrder = z.looseObject({
  id,
  number: z.number().int(),
  status: orderStatus,
  store: z.looseObject({ id, name: z.string() }),
  order_type: orderType,
  asap: z.boolean(),
  /** The time asked for: a delivery's at the door, a collection's at the counter. */
  scheduled_for: instant,
  /** Set on accepting: a delivery's at the door (the kitchen's minutes plus the ride, decision 75). */
  promised_at: instant.nullable(),
  /**
   * A delivery's minutes on the road to its address (its zone's, decision 41), as the promise
   * counts them: the food must leave the kitchen this long before its time at the door. Null for
   * a collection.
   */
  ride_minutes: z.number().int().nullable(),
  lines: z.array(
    z.looseObject({
      name: z.string(),
      quantity: z.number().int(),
      modifier_names: z.array(z.string()),
      note: z.string(),
      line_total: money,
      /** The dish's and its options' allergens as ordered; null on orders from before they were kept. */
      allergens: ZAllergenInfo.nullable(),
    }),
  ),
  notes: z.string(),
  subtotal: money,
  delivery_fee: money,
  discount: money,
  total: money,
  currency: z.string(),
  customer: z.looseObject({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  address: ZOrderAddress.nullable(),
  /** PAID (card) or CASH to collect, and how much. */
  payment: z.looseObject({
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    paid: z.boolean(),
    to_collect: money,
  }),
  status_history: z.array(
    z.looseObject({
      status: orderStatus,
      at: instant,
      by: z.string().optional(),
      /** A rejection's preset reason (REJECT_REASONS). */
      reason: z.string().optional(),
      note: z.string().optional(),
    }),
  ),
  created_at: instant,
  /** How many times its kitchen ticket was printed (any device): more than 0, the next is a reprint. */
  print_count: z.number().int(),
  /** The moves the desk may offer now. */
  next: z.array(orderStatus),
});
export type DeskOrder = Answer<typeof ZDeskOrder>;

/**
 * POST /api/admin/orders/{id}/print: the 80 mm kitchen ticket. The server counts the prints, so
 * a second print from any device is marked REPRINT.
 */
export const ZKitchenTicket = z.looseObject({
  order: ZDeskOrder,
  shop_name: z.string(),
  /** This print is not the first. */
  reprint: z.boolean(),
  /** Prints so far, this one included. */
  print_count: z.number().int(),
  printed_at: instant,
});
export type KitchenTicket = Answer<typeof ZKitchenTicket>;

export const soldOut = z.union([z.enum(['today', 'indefinitely']), z.literal(false)]);

export const ZServiceOption = z.looseObject({
  /** The option's slug: one switch for every dish that offers it. */
  id,
  name: z.string(),
  sold_out: soldOut,
  sold_out_until: instant.nullable(),
});
export type ServiceOption = Answer<typeof ZServiceOption>;

/** A dish as the Service screen lists it, hidden ones included. */
export const ZServiceItem = z.looseObject({
  id,
  name: z.string(),
  category: z.string(),
  price: money,
  hidden: z.boolean(),
  sold_out: soldOut,
  sold_out_until: instant.nullable(),
  options: z.array(ZServiceOption),
});
export type ServiceItem = Answer<typeof ZServiceItem>;

/** The answer to an option's switch: how many dishes it changed. */
export const ZOptionAvailability = z.looseObject({
  id,
  sold_out: soldOut,
  sold_out_until: instant.nullable(),
  dishes: z.number().int(),
});
export type OptionAvailability = Answer<typeof ZOptionAvailability>;

const range = z.looseObject({ opens: z.string(), closes: z.string() });
/** Opening hours by weekday ("HH:MM", 24-hour); a missing or empty day is closed. */
const weeklyHours = z.looseObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(range).optional()])) as {
    [K in (typeof WEEKDAYS)[number]]: z.ZodOptional<z.ZodArray<typeof range>>;
  },
);

/** A store's service controls as they stand now. */
export const ZServiceStore = z.looseObject({
  id,
  name: z.string(),
  is_closed: z.boolean(),
  is_open_now: z.boolean(),
  status_text: z.string().nullable(),
  order_types: z.array(orderType),
  /** Null when not paused (or the pause has run out). */
  pause: z
    .looseObject({ order_types: z.array(orderType), until: instant, message: z.string() })
    .nullable(),
  /** 0 when busy mode is off or has ended by itself. */
  busy_extra_minutes: z.number().int(),
  /** When busy mode ends by itself (decision 87); null when it is off. */
  busy_until: instant.nullable(),
  hours: weeklyHours,
  special_days: z.array(
    z.looseObject({ date: z.string(), closed: z.boolean(), hours: z.array(range) }),
  ),
});
export type ServiceStore = Answer<typeof ZServiceStore>;

/** The shop-wide switches. */
export const ZShopSwitches = z.looseObject({
  IsShopClosed: z.union([z.literal(0), z.literal(1)]),
  ShopClosedMessage: z.string(),
  allowBooking: z.union([z.literal(0), z.literal(1)]),
  booking: z
    .looseObject({
      hours: weeklyHours,
      stepMinutes: z.number().int(),
      coversPerSlot: z.number().int(),
      daysAllowed: z.number().int(),
      whatsappShare: z.boolean(),
      whatsappNumber: z.string(),
    })
    .nullable(),
});
export type ShopSwitches = Answer<typeof ZShopSwitches>;
