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
import {
  ORDER_TYPES,
  ZDeliveryZoneDocument,
  ZMenuDocument,
  ZMenuItemDocument,
  ZMinorUnits,
  duplicates,
} from './menu.ts';
import { ZWeeklyHours } from './opening-hours.ts';
import { ZPromoDocument } from './promo.ts';
import { ZSpecialDay, ZStorePause } from './service.ts';

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

/**
 * Where sign-in texts may go and how many messages a shop sends in an hour at most (issue 12:
 * one attacker rotating numbers must not run up the shop's bill). Absent, the defaults apply:
 * texts only to the United Kingdom, and the budgets below (docs/decisions/0009).
 */
export const MESSAGE_BUDGET_DEFAULTS = {
  smsCodesPerHour: 100,
  emailCodesPerHour: 300,
  bookingEmailsPerHour: 60,
} as const;
export const DEFAULT_SMS_COUNTRIES = ['GB'] as const;
/** How customers may receive sign-in codes; a shop takes both unless it says otherwise. */
export const SIGN_IN_CHANNELS = ['email', 'sms'] as const;
export type SignInChannel = (typeof SIGN_IN_CHANNELS)[number];
/**
 * A shop's own mail server (docs/decisions/0020): its e-mail leaves through it, from its own
 * address. The URL may carry a user and password; the server never logs it.
 */
export const ZShopSmtp = z
  .object({
    url: z
      .string()
      .max(500)
      .regex(
        /^smtps?:\/\/([^@/\s]+@)?[a-z0-9.-]+(:\d{1,5})?\/?$/i,
        'Use smtp://user:password@host:port (or smtps:// for TLS from the start)',
      ),
    from: z.email('Use the e-mail address the shop sends from'),
  })
  .strict();
export type ShopSmtp = z.infer<typeof ZShopSmtp>;
const ZBudget = z.number().int().min(0).max(100_000);
export const ZMessagingSettings = z
  .object({
    /** ISO 3166 country codes whose phone numbers may receive sign-in codes. */
    smsCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Use two-letter country codes such as GB'))
      .min(1)
      .max(50)
      .optional(),
    /** Where sign-in codes may go: e-mail, text messages, or both (the default). */
    signInChannels: z
      .array(z.enum(SIGN_IN_CHANNELS))
      .min(1, 'Choose at least one of "email" and "sms"')
      .refine((list) => new Set(list).size === list.length, 'Name each channel once')
      .optional(),
    smtp: ZShopSmtp.optional(),
    budgets: z
      .object({
        smsCodesPerHour: ZBudget.optional(),
        emailCodesPerHour: ZBudget.optional(),
        bookingEmailsPerHour: ZBudget.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type MessagingSettings = z.infer<typeof ZMessagingSettings>;

/** The settings with every default filled in. */
export function messagingOf(settings: MessagingSettings | undefined) {
  return {
    smsCountries: settings?.smsCountries ?? [...DEFAULT_SMS_COUNTRIES],
    signInChannels: settings?.signInChannels ?? [...SIGN_IN_CHANNELS],
    budgets: { ...MESSAGE_BUDGET_DEFAULTS, ...settings?.budgets },
  };
}

/** How the order desk treats orders nobody answers (issue 14). */
export const DEFAULT_AUTO_REJECT_MINUTES = 10;
export const ZOrderingSettings = z
  .object({
    /** An order nobody accepts within this many minutes is rejected and the customer told. */
    autoRejectMinutes: z.number().int().min(3).max(120).optional(),
    /**
     * Who is told when an order arrives while none of the store's boards has been open for a
     * minute: this address (default: the shop's supportEmail) and, when set, a text to this
     * phone in international form.
     */
    alertEmail: z.email().optional(),
    alertPhone: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Use the international form, e.g. +447700900123')
      .optional(),
  })
  .strict();

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
    messaging: ZMessagingSettings.optional(),
    ordering: ZOrderingSettings.optional(),
    /**
     * The shop's VAT registration number (GB and 9 or 12 digits, or GBGD/GBHA and 3). With it,
     * order pages and confirmations carry a simplified VAT invoice.
     */
    vatNumber: z
      .string()
      .regex(
        /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
        'Use the VAT number without spaces, such as GB123456789',
      )
      .optional(),
    /** The registered name on VAT invoices (e.g. "Tandoor Lane Ltd"); absent, the website name. */
    companyName: z.string().min(1).max(120).optional(),
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
    orderTypes: z.array(z.enum(ORDER_TYPES)).min(1).max(2).default(['collection']),
    preparationMinutes: z.number().int().min(0).max(240).default(20),
    /** The least a collection order may be. */
    minimumOrder: ZMinorUnits.default(0),
    deliveryZones: z.array(ZDeliveryZoneDocument).max(200).default([]),
    /** The slug of the menu this store sells from. */
    menu: ZSlug.nullable().default(null),
    /** Minutes a delivery takes on the road, added to the preparation time. */
    deliveryMinutes: z.number().int().min(0).max(180).default(20),
    /** Minutes added to every ASAP time while the kitchen is busy. */
    busyExtraMinutes: z.number().int().min(0).max(180).default(0),
    /** Whether customers may pay cash on collection or delivery. */
    acceptsCash: z.boolean().default(true),
    /** Ordering paused until an instant (issue 15: set from the Service screen). */
    pause: ZStorePause.nullable().optional(),
    /** Dates closed, or with other hours than the weekly ones. */
    specialDays: z.array(ZSpecialDay).max(400).optional(),
  })
  .strict();
export type StoreDocument = z.infer<typeof ZStoreDocument>;

/** When tables can be booked (each range's last slot starts before it closes), and how many. */
export const ZBookingDocument = z
  .object({
    /** Ranges of booking times per weekday; a range must end by midnight. */
    hours: ZWeeklyHours,
    stepMinutes: z.number().int().min(5).max(120).default(30),
    /** Covers (seats) one slot can take. */
    coversPerSlot: z.number().int().min(1).max(1000),
    daysAllowed: z.number().int().min(0).max(365).default(30),
    whatsappShare: z.boolean().default(false),
    /** The number the WhatsApp share goes to, digits with country code (447700900123). */
    whatsappNumber: z
      .string()
      .regex(/^(\d{10,15})?$/, 'Use digits with the country code')
      .default(''),
    /** E-mail each guest a reminder, with the cancel link, the day before their booking. */
    reminders: z.boolean().default(true),
  })
  .strict()
  .superRefine((booking, ctx) => {
    for (const [day, ranges] of Object.entries(booking.hours)) {
      ranges?.forEach((range, index) => {
        if (range.closes <= range.opens && range.closes !== '00:00') {
          ctx.addIssue({
            code: 'custom',
            path: ['hours', day, index, 'closes'],
            message: 'Booking times must end by midnight',
          });
        }
      });
    }
  });
export type BookingDocument = z.infer<typeof ZBookingDocument>;

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

/**
 * How the shop is paid (issue 17): card payments are direct charges on the shop's own Stripe
 * account, connected to the platform (Stripe Connect), with an optional platform fee.
 */
export const ZPaymentsDocument = z
  .object({
    /** The shop's connected account, e.g. acct_1Nv0FGQ9RKHgCVdK. */
    stripe_account: z
      .string()
      .regex(/^acct_[A-Za-z0-9]{6,40}$/, 'A Stripe account id looks like acct_1Nv0FGQ9RKHgCVdK')
      .optional(),
    /** The platform's fee on each card payment, in percent of the total (0 to 20). */
    platform_fee_percent: z.number().min(0).max(20).optional(),
  })
  .strict();
export type PaymentsDocument = z.infer<typeof ZPaymentsDocument>;

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
    /** Every dish the shop sells; menus list them by slug. */
    items: z.array(ZMenuItemDocument).max(5000).default([]),
    menus: z.array(ZMenuDocument).max(50).default([]),
    promos: z.array(ZPromoDocument).max(200).default([]),
    /** Table bookings; absent, the reservation screen offers no times. */
    booking: ZBookingDocument.nullable().default(null),
    payments: ZPaymentsDocument.optional(),
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
    const itemSlugs = new Set(doc.items.map((i) => i.slug));
    const menuSlugs = new Set(doc.menus.map((m) => m.slug));
    duplicates(doc.items.map((i) => i.slug)).forEach((index) =>
      ctx.addIssue({ code: 'custom', path: ['items', index, 'slug'], message: 'appears twice' }),
    );
    duplicates(doc.promos.map((p) => p.code)).forEach((index) =>
      ctx.addIssue({ code: 'custom', path: ['promos', index, 'code'], message: 'appears twice' }),
    );
    duplicates(doc.menus.map((m) => m.slug)).forEach((index) =>
      ctx.addIssue({ code: 'custom', path: ['menus', index, 'slug'], message: 'appears twice' }),
    );
    doc.menus.forEach((menu, m) => {
      duplicates(menu.categories.map((c) => c.slug)).forEach((index) =>
        ctx.addIssue({
          code: 'custom',
          path: ['menus', m, 'categories', index, 'slug'],
          message: 'appears twice',
        }),
      );
      menu.categories.forEach((category, c) =>
        category.items.forEach((slug, i) => {
          if (!itemSlugs.has(slug)) {
            ctx.addIssue({
              code: 'custom',
              path: ['menus', m, 'categories', c, 'items', i],
              message: `No item has the slug "${slug}"`,
            });
          }
        }),
      );
    });
    doc.stores.forEach((store, index) => {
      if (store.menu !== null && !menuSlugs.has(store.menu)) {
        ctx.addIssue({
          code: 'custom',
          path: ['stores', index, 'menu'],
          message: `No menu has the slug "${store.menu}"`,
        });
      }
      if (store.orderTypes.includes('delivery') && store.deliveryZones.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['stores', index, 'deliveryZones'],
          message: 'A store that delivers needs at least one delivery zone',
        });
      }
    });
    if (!stores.includes(doc.home.mainStore)) {
      ctx.addIssue({
        code: 'custom',
        path: ['home', 'mainStore'],
        message: `No store has the slug "${doc.home.mainStore}"`,
      });
    }
  });
export type TenantDocument = z.infer<typeof ZTenantDocument>;
/** A document as written, before defaults are filled in. */
export type TenantDocumentInput = z.input<typeof ZTenantDocument>;

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
  doc.items.forEach((item, i) => {
    if (item.image) refs.push({ path: `items.${i}.image`, file: item.image });
  });
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
