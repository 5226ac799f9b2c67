import { z } from 'zod';
import {
  LOGO_STYLES,
  ZAssetName,
  ZFlag,
  ZHexColour,
  ZLocationData,
  ZOtpLength,
  ZSiteVariant,
  ZSocialLink,
} from './config.ts';
import { MIN_TEXT_CONTRAST, contrastRatio } from './colour.ts';
import { STOREFRONT_PATHS } from './constants.ts';
import { ZCurrency } from './currency.ts';
import { ZBanner } from './home.ts';
import { ZWeeklyHours } from './opening-hours.ts';

/**
 * A shop ("tenant") is one JSON document: `npm run tenant -- import FILE` loads it, `export`
 * writes it back. Asset fields name files in the `assets/` folder beside the document.
 * `format` lets later versions (menu, promotions, booking settings) migrate older documents.
 */

const ZSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

/** Paths that a brand landing page (`/{brand-slug}`) must not shadow. */
export const RESERVED_PATHS = [
  ...STOREFRONT_PATHS.filter((p) => p !== '').map((p) => p.toLowerCase()),
  'api',
  'tenancy',
  'assets',
  'healthz',
  'readyz',
];

const ZHost = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'Use a lower-case host name without scheme or port, such as order.example.co.uk',
  );

export const ZTenantHost = z.object({ host: ZHost, variant: ZSiteVariant }).strict();

export const ZTenantConfig = z
  .object({
    favicon: ZAssetName,
    headerLogo: ZAssetName,
    footerLogo: ZAssetName,
    logo_style: z.enum(LOGO_STYLES),
    // The storefront writes white on this colour and this colour on white (links, buttons).
    colorPalatte: ZHexColour.refine(
      (hex) => contrastRatio(hex, '#ffffff') >= MIN_TEXT_CONTRAST,
      'Choose a darker colour: text in it on white, and white text on it, need a contrast of at least 4.5:1',
    ),
    SecondaryColorPalatte: ZHexColour,
    contactNumber: z.string().min(5).max(30),
    supportEmail: z.email(),
    website: z.url({ protocol: /^https?$/ }).max(200),
    ShopClosedMessage: z.string().max(500),
    IsShopClosed: ZFlag,
    allowBooking: ZFlag,
    isHomePage: ZFlag,
    locationData: ZLocationData,
    socialLinks: z.array(ZSocialLink).max(10),
    currency: ZCurrency,
    timeZone: z.string().refine(isTimeZone, 'Use an IANA time zone such as Europe/London'),
    otpLength: ZOtpLength,
  })
  .strict();
export type TenantConfig = z.infer<typeof ZTenantConfig>;

export const ZBrandDocument = z
  .object({
    slug: ZSlug.refine(
      (slug) => !isReservedPath(slug),
      'This slug is a storefront path; choose another',
    ),
    name: z.string().min(1).max(80),
    tagline: z.string().max(160),
    description: z.string().max(2000),
    logo: ZAssetName.nullable(),
  })
  .strict();
export type BrandDocument = z.infer<typeof ZBrandDocument>;

export const ZStoreDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(80),
    addressLine1: z.string().min(1).max(120),
    addressLine2: z.string().max(120),
    city: z.string().min(1).max(80),
    postcode: z
      .string()
      .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, 'Use a UK postcode in capitals, such as E1 6QL'),
    phone: z.string().min(5).max(30),
    directionLink: z.url({ protocol: /^https$/ }),
    isClosed: z.boolean(),
    openingHours: ZWeeklyHours,
  })
  .strict();
export type StoreDocument = z.infer<typeof ZStoreDocument>;

export const ZHomeDocument = z
  .object({
    /** The store whose hours and address the home page shows. */
    mainStore: ZSlug,
    banners: z.array(ZBanner).max(10),
  })
  .strict();

/** The shop's own legal texts: plain text, paragraphs split by blank lines, "## " for headings. */
export const ZLegalTexts = z
  .object({
    privacy: z.string().min(1).max(30_000).optional(),
    terms: z.string().min(1).max(30_000).optional(),
  })
  .strict();
export type LegalTexts = z.infer<typeof ZLegalTexts>;
export const LEGAL_PAGES = ['privacy', 'terms'] as const;

export const ZTenantDocument = z
  .object({
    format: z.literal(1),
    slug: ZSlug.max(40),
    websiteName: z.string().min(1).max(80),
    hosts: z.array(ZTenantHost).min(1).max(50),
    config: ZTenantConfig,
    brands: z.array(ZBrandDocument).max(50),
    stores: z.array(ZStoreDocument).min(1).max(200),
    home: ZHomeDocument,
    /** Absent texts fall back to the storefront's default template, filled from `config`. */
    legal: ZLegalTexts.optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    const hosts = doc.hosts.map((h) => h.host);
    const brands = doc.brands.map((b) => b.slug);
    const stores = doc.stores.map((s) => s.slug);
    for (const [path, values] of [
      ['hosts', hosts],
      ['brands', brands],
      ['stores', stores],
    ] as const) {
      values.forEach((value, index) => {
        if (values.indexOf(value) !== index) {
          ctx.addIssue({
            code: 'custom',
            path: [path, index, path === 'hosts' ? 'host' : 'slug'],
            message: `"${value}" appears twice`,
          });
        }
      });
    }
    if (!stores.includes(doc.home.mainStore)) {
      ctx.addIssue({
        code: 'custom',
        path: ['home', 'mainStore'],
        message: `No store has the slug "${doc.home.mainStore}"`,
      });
    }
  });
export type TenantDocument = z.infer<typeof ZTenantDocument>;

/** Every asset file a document refers to, with the JSON path that names it. */
export function assetReferences(doc: TenantDocument): { path: string; file: string }[] {
  const refs: { path: string; file: string }[] = [
    { path: 'config.favicon', file: doc.config.favicon },
    { path: 'config.headerLogo', file: doc.config.headerLogo },
    { path: 'config.footerLogo', file: doc.config.footerLogo },
  ];
  doc.brands.forEach((brand, i) => {
    if (brand.logo) refs.push({ path: `brands.${i}.logo`, file: brand.logo });
  });
  doc.home.banners.forEach((b, i) =>
    refs.push({ path: `home.banners.${i}.banner`, file: b.banner }),
  );
  return refs;
}

export function isReservedPath(slug: string): boolean {
  return RESERVED_PATHS.includes(slug) || /^list_store\d*$/.test(slug);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Zod issues as "json.path: message" lines, the way the CLI and the API report them. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : '(document)',
    message: issue.message,
  }));
}
