import { z } from 'zod';
import { ZAssetName, ZSiteVariant } from './config.ts';
import { STOREFRONT_PATHS } from './page-paths.ts';
import { ZBanner } from './home.ts';
import {
  ORDER_TYPES,
  ZDeliveryZoneDocument,
  ZMenuDocument,
  ZMenuItemDocument,
  ZMinorUnits,
  duplicates,
} from './menu.ts';
import { photoVariantsOf } from './photo-names.ts';
import { ZWeeklyHours } from './opening-hours.ts';
import { ZPromoDocument } from './promo.ts';
import { ZSpecialDay, ZStorePause } from './service.ts';
import { ZBookingDocument } from './booking-document.ts';
import { ZTenantConfig } from './tenant-config.ts';

export { ZBookingDocument };
export type { BookingDocument } from './booking-document.ts';

export {
  MESSAGE_BUDGET_DEFAULTS,
  DEFAULT_SMS_COUNTRIES,
  SIGN_IN_CHANNELS,
  ZShopSmtp,
  ZMessagingSettings,
  messagingOf,
  DEFAULT_AUTO_REJECT_MINUTES,
  ZOrderingSettings,
  ZTenantConfig,
} from './tenant-config.ts';
export type { SignInChannel, ShopSmtp, MessagingSettings, TenantConfig } from './tenant-config.ts';

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
    /** When busy mode ends by itself (decision 87); absent or past, the extra is not added. */
    busyUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Whether customers may pay cash on collection or delivery. */
    acceptsCash: z.boolean().default(true),
    /** Ordering paused until an instant (issue 15: set from the Service screen). */
    pause: ZStorePause.nullable().optional(),
    /** Dates closed, or with other hours than the weekly ones. */
    specialDays: z.array(ZSpecialDay).max(400).optional(),
    /** Capacity and automation (issue 28: set from the staff app); absent is off. */
    slotCap: z.number().int().min(1).max(1000).nullable().optional(),
    slotCapUnit: z.enum(['orders', 'dishes']).optional(),
    autoAcceptMinutes: z.number().int().min(5).max(240).nullable().optional(),
    autoPrint: z.boolean().optional(),
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
/** GET /api/legal/{page}: its schema is the answers' (api-shapes-storefront.ts). */
export type { LegalText } from './api-shapes-storefront.ts';
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
      menu.categories.forEach((category, c) => {
        if (category.brand !== undefined && !brands.includes(category.brand)) {
          ctx.addIssue({
            code: 'custom',
            path: ['menus', m, 'categories', c, 'brand'],
            message: `No brand has the slug "${category.brand}"`,
          });
        }
        category.items.forEach((slug, i) => {
          if (!itemSlugs.has(slug)) {
            ctx.addIssue({
              code: 'custom',
              path: ['menus', m, 'categories', c, 'items', i],
              message: `No item has the slug "${slug}"`,
            });
          }
        });
      });
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
    doc.promos.forEach((promo, p) =>
      promo.stores?.forEach((slug, i) => {
        if (!stores.includes(slug)) {
          ctx.addIssue({
            code: 'custom',
            path: ['promos', p, 'stores', i],
            message: `No store has the slug "${slug}"`,
          });
        }
      }),
    );
    // A dish's own settings at a store (issue 28) name a store of the document.
    doc.items.forEach((item, i) =>
      (item.stores ?? []).forEach((at, j) => {
        if (!stores.includes(at.store)) {
          const message = `No store has the slug "${at.store}"`;
          ctx.addIssue({ code: 'custom', path: ['items', i, 'stores', j, 'store'], message });
        }
      }),
    );
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
    // An uploaded photo (issue 28) travels with its other widths and formats.
    for (const file of photoVariantsOf(item.image)) refs.push({ path: `items.${i}.image`, file });
  });
  return refs;
}

export function isReservedPath(slug: string): boolean {
  return RESERVED_PATHS.includes(slug) || /^list_store\d*$/.test(slug);
}

/** Zod issues as "json.path: message" lines, the way the CLI and the API report them. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : '(document)',
    message: issue.message,
  }));
}
