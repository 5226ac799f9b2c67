import { z } from 'zod';
import { ZAssetName, ZLocationData } from './config.ts';

export const ZBanner = z.object({
  banner: ZAssetName,
  alt: z.string(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
});
export type Banner = z.infer<typeof ZBanner>;

/**
 * Opening hours as the storefront prints them (product.md §3: "Weekdays or Monday, Saturday, Sunday"):
 * `Weekdays` when Monday to Friday share their hours, otherwise one key per weekday.
 */
export const ZOpeningHoursData = z.object({
  Weekdays: z.string().optional(),
  Monday: z.string().optional(),
  Tuesday: z.string().optional(),
  Wednesday: z.string().optional(),
  Thursday: z.string().optional(),
  Friday: z.string().optional(),
  Saturday: z.string(),
  Sunday: z.string(),
});
export type OpeningHoursData = z.infer<typeof ZOpeningHoursData>;

export const ZGetInTouch = z.object({ contactNumber: z.string(), supportEmail: z.string() });

/** How many days of changed hours the home answer gives: today and the 13 after it. */
export const HOURS_CHANGES_DAYS = 14;

/**
 * A date in the coming fortnight whose hours are not its weekday's (a store's special day, or
 * booking times closed out), on the shop's calendar.
 */
export const ZHoursChange = z.object({
  /** The shop's calendar date, YYYY-MM-DD. */
  date: z.iso.date(),
  /** The date as a visitor reads it: "Fri 25 Dec". */
  day: z.string(),
  /** "Closed", or the day's hours as the weekly hours print them. */
  hours: z.string(),
  closed: z.boolean(),
  /** The date is today on the shop's clock. */
  today: z.boolean(),
  /**
   * The store whose day it is, by name, when the shop has more than one (`openingChanges`
   * only). Optional: added after the list, whose other keys keep their shape.
   */
  store: z.string().optional(),
});
export type HoursChange = z.infer<typeof ZHoursChange>;

/**
 * A store closed until further notice (its `isClosed`), or the whole shop under its closed
 * switch (`IsShopClosed` 1): the home pages print this instead of its hours.
 */
export const ZClosedStore = z.object({
  /** The store, by name, when the shop has more than one; absent for the whole shop. */
  store: z.string().optional(),
  /** It is (or includes) the main store, whose weekly hours `openingHours` gives. */
  main: z.boolean(),
  /** "Temporarily closed" for a store; "We're currently closed" for the shop, as its dialog says. */
  text: z.string(),
  /** The shop's own closed message (`ShopClosedMessage`) under its closed switch. */
  message: z.string().optional(),
});
export type ClosedStore = z.infer<typeof ZClosedStore>;

/** The answer of GET /api/home. */
export const ZHomeContent = z.object({
  banners: z.array(ZBanner),
  locationData: ZLocationData,
  openingHours: ZOpeningHoursData,
  /**
   * When a table may be booked (the shop document's `booking.hours`), printed as the opening
   * hours are; null when the shop takes no bookings. The reservation site shows these, not the
   * main store's hours for orders.
   */
  bookingHours: ZOpeningHoursData.nullable(),
  getInTouch: ZGetInTouch,
  /**
   * Each open store's special days from today for 14 days that change its weekly hours: by
   * store (the main store's first), each by date, named when the shop has more than one;
   * empty when there are none. Optional: added after `openingHours`, which keeps its shape.
   */
  openingChanges: z.array(ZHoursChange).optional(),
  /**
   * Dates in the same fortnight on which close-outs take a whole sitting (or the whole day)
   * off the booking hours; null when the shop takes no bookings, as `bookingHours` is.
   */
  bookingChanges: z.array(ZHoursChange).nullable().optional(),
  /**
   * The stores closed until further notice, the main store first; one entry without a store
   * when the shop's closed switch is on. Empty when every store opens by its hours. A closed
   * store's special days are not in `openingChanges`.
   */
  closedStores: z.array(ZClosedStore).optional(),
  /**
   * When the shop's day ends (its next midnight, 01:00 where the clock skips midnight), as an
   * ISO instant: `today` and the fortnight move on then, so a page left open fetches again.
   */
  dayEndsAt: z.iso.datetime().optional(),
});
export type HomeContent = z.infer<typeof ZHomeContent>;
