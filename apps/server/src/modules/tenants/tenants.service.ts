import type { ShopConfig, SiteVariant } from '@servery/contract/config';
import type { HomeContent, OpeningHoursData } from '@servery/contract/home';
import { WEEKDAYS, describeDay, type WeeklyHours } from '@servery/contract/opening-hours';
import { messagingOf } from '@servery/contract/tenant-document';
import type { Tenant } from './tenants.repository.ts';

/**
 * The answer of /api/loadconfig. `textsAvailable` false (production without Twilio) takes SMS
 * out of the sign-in channels, so the login screen asks for an e-mail address.
 */
export function shopConfigOf(
  tenant: Tenant,
  variant: SiteVariant,
  textsAvailable = true,
): ShopConfig {
  const { config } = tenant.row;
  const channels = messagingOf(config.messaging).signInChannels.filter(
    (channel) => textsAvailable || channel !== 'sms',
  );
  return {
    websiteName: tenant.row.websiteName,
    favicon: config.favicon,
    headerLogo: config.headerLogo,
    footerLogo: config.footerLogo,
    logo_style: config.logo_style,
    colorPalatte: config.colorPalatte,
    SecondaryColorPalatte: config.SecondaryColorPalatte,
    contactNumber: config.contactNumber,
    ShopClosedMessage: config.ShopClosedMessage,
    IsShopClosed: config.IsShopClosed,
    allowBooking: config.allowBooking,
    isHomePage: config.isHomePage,
    locationData: config.locationData,
    supportEmail: config.supportEmail,
    website: config.website,
    socialLinks: config.socialLinks,
    currency: config.currency,
    timeZone: config.timeZone,
    otpLength: config.otpLength,
    siteVariant: variant,
    // An SMS-only shop without texts still shows its phone screen: sign-in answers why not.
    signInChannels: channels.length ? channels : ['sms'],
    brands: brandsOf(tenant),
  };
}

/** The shop's brands as the configuration and the tenant document name them. */
export function brandsOf(tenant: Tenant) {
  return tenant.brands.map(({ slug, name, tagline, description, logo }) => ({
    slug,
    name,
    tagline,
    description,
    logo,
  }));
}

/** The answer of GET /api/home: banners, where the shop is, when it opens, how to reach it. */
export function homeContentOf(tenant: Tenant): HomeContent {
  const { config, booking } = tenant.row;
  const mainStoreId = tenant.home?.mainStoreId ?? tenant.stores[0]?.id;
  return {
    banners: tenant.home?.banners ?? [],
    locationData: config.locationData,
    openingHours: openingHoursData(mainStoreId ? weeklyHoursOf(tenant, mainStoreId) : {}),
    bookingHours: booking && config.allowBooking === 1 ? openingHoursData(booking.hours) : null,
    getInTouch: { contactNumber: config.contactNumber, supportEmail: config.supportEmail },
  };
}

/** `Weekdays` when Monday to Friday share their hours, otherwise one line per weekday. */
export function openingHoursData(hours: WeeklyHours): OpeningHoursData {
  const lines = WEEKDAYS.map((day) => describeDay(hours[day]));
  const [mon, tue, wed, thu, fri, sat, sun] = lines as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const weekdays = [mon, tue, wed, thu, fri];
  if (weekdays.every((line) => line === mon)) return { Weekdays: mon, Saturday: sat, Sunday: sun };
  return {
    Monday: mon,
    Tuesday: tue,
    Wednesday: wed,
    Thursday: thu,
    Friday: fri,
    Saturday: sat,
    Sunday: sun,
  };
}

/** A store's opening hours by weekday, as the tenant document holds them. */
export function weeklyHoursOf(tenant: Tenant, storeId: string): WeeklyHours {
  const hours: WeeklyHours = {};
  for (const row of tenant.hours) {
    if (row.storeId !== storeId) continue;
    const day = WEEKDAYS[row.weekday - 1]!;
    (hours[day] ??= []).push({ opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) });
  }
  return hours;
}
