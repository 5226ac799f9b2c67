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
});
export type HoursChange = z.infer<typeof ZHoursChange>;

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
   * The main store's special days from today for 14 days that change its weekly hours, by
   * date; empty when there are none. Optional: added after `openingHours`, which keeps its shape.
   */
  openingChanges: z.array(ZHoursChange).optional(),
  /**
   * Dates in the same fortnight on which close-outs take a whole sitting (or the whole day)
   * off the booking hours; null when the shop takes no bookings, as `bookingHours` is.
   */
  bookingChanges: z.array(ZHoursChange).nullable().optional(),
});
export type HomeContent = z.infer<typeof ZHomeContent>;
