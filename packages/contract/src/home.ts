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
});
export type HomeContent = z.infer<typeof ZHomeContent>;
