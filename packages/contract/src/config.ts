import { z } from 'zod';
import { ZCurrency } from './currency.ts';

/** Which root application a host gets (product.md §1: "a different root application" for known hosts). */
export const SITE_VARIANTS = ['ordering', 'reservation'] as const;
export const ZSiteVariant = z.enum(SITE_VARIANTS);
export type SiteVariant = z.infer<typeof ZSiteVariant>;

export const OTP_LENGTHS = [4, 6] as const;
export const ZOtpLength = z.union([z.literal(4), z.literal(6)]);

/** 0 or 1, as the spec's flags are written (IsShopClosed, allowBooking, isHomePage). */
export const ZFlag = z.union([z.literal(0), z.literal(1)]);

export const ZHexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a six-digit hex colour such as #b3261e');

/** A file in the tenant's assets, served at /tenancy/assets/{file}. */
export const ZAssetName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,99}\.(png|jpe?g|webp|svg|ico)$/,
    'Use a plain lower-case file name ending in .png, .jpg, .jpeg, .webp, .svg or .ico',
  );

export const LOGO_STYLES = ['wide', 'square', 'round'] as const;

export const ZLocationData = z
  .object({
    addressLine1: z.string().min(1).max(120),
    addressLine2: z.string().max(120),
    directionLink: z.url({ protocol: /^https$/ }),
  })
  .strict();
export type LocationData = z.infer<typeof ZLocationData>;

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'tiktok', 'youtube'] as const;
export const ZSocialLink = z
  .object({ network: z.enum(SOCIAL_NETWORKS), url: z.url({ protocol: /^https$/ }) })
  .strict();

export const ZBrandSummary = z.object({
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  description: z.string(),
  logo: ZAssetName.nullable(),
});
export type BrandSummary = z.infer<typeof ZBrandSummary>;

/**
 * The answer of POST /api/loadconfig. The first block is product.md §3, spelled as there
 * (colorPalatte included); the second is what Servery adds.
 */
export const ZShopConfig = z.object({
  websiteName: z.string(),
  favicon: ZAssetName,
  headerLogo: ZAssetName,
  footerLogo: ZAssetName,
  logo_style: z.enum(LOGO_STYLES),
  colorPalatte: ZHexColour,
  SecondaryColorPalatte: ZHexColour,
  contactNumber: z.string(),
  ShopClosedMessage: z.string(),
  IsShopClosed: ZFlag,
  allowBooking: ZFlag,
  isHomePage: ZFlag,
  locationData: ZLocationData,

  supportEmail: z.email(),
  website: z.string(),
  socialLinks: z.array(ZSocialLink),
  currency: ZCurrency,
  timeZone: z.string(),
  otpLength: ZOtpLength,
  siteVariant: ZSiteVariant,
  /** How this shop sends sign-in codes here: the login screen asks for an e-mail address only without sms. */
  signInChannels: z.array(z.enum(['email', 'sms'])),
  brands: z.array(ZBrandSummary),
});
export type ShopConfig = z.infer<typeof ZShopConfig>;
