import { z } from 'zod';
import { ALLERGEN_KEYS, DIETARY_KEYS } from './allergens.ts';
import { ZAssetName } from './config.ts';

/**
 * The catalogue (architecture.md "Choices the brief left open": menu and stores). Document schemas
 * are what a shop writes in its tenant document; api-shapes-menu.ts has what the API answers.
 * Money is integer minor units (pence); only the client formats it.
 */

const ZSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');
/** An amount in minor units (pence): 1095 is £10.95. */
export const ZMinorUnits = z
  .number()
  .int('Use whole pence, such as 1095 for £10.95')
  .min(0)
  .max(10_000_00);

const ZAllergenInfoDocument = z
  .object({
    contains: z.array(z.enum(ALLERGEN_KEYS)).max(14),
    mayContain: z.array(z.enum(ALLERGEN_KEYS)).max(14).default([]),
  })
  .strict();

export const ZModifierOptionDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(80),
    /** Added to the item's price when chosen; 0 for a free choice. */
    priceDelta: z.number().int().min(-100_00).max(1_000_00).default(0),
    allergens: ZAllergenInfoDocument.default({ contains: [], mayContain: [] }),
    soldOut: z.boolean().default(false),
    /** Sold out "today": available again from this instant (issue 15). */
    soldOutUntil: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const ZModifierGroupDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(80),
    /** At least this many options (1 or more makes the group required). */
    min: z.number().int().min(0).max(20),
    /** At most this many options. */
    max: z.number().int().min(1).max(20),
    options: z.array(ZModifierOptionDocument).min(1).max(40),
  })
  .strict()
  .superRefine((group, ctx) => {
    if (group.min > group.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'min must not exceed max' });
    }
    if (group.min > group.options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: 'min must not exceed the number of options',
      });
    }
    duplicates(group.options.map((o) => o.slug)).forEach((index) =>
      ctx.addIssue({ code: 'custom', path: ['options', index, 'slug'], message: 'appears twice' }),
    );
  });

/** A dish at one store, written only where it differs from the dish (issue 28). */
export const ZItemStoreDocument = z
  .object({
    store: ZSlug,
    /** False when the store's menu lists the dish but the store does not sell it. */
    sells: z.boolean().default(true),
    price: ZMinorUnits.optional(),
    soldOut: z.boolean().default(false),
    soldOutUntil: z.iso.datetime({ offset: true }).optional(),
    hidden: z.boolean().default(false),
  })
  .strict();

export const ZMenuItemDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(120),
    description: z.string().max(1000).default(''),
    price: ZMinorUnits,
    image: ZAssetName.nullable().default(null),
    /** Energy per portion, as UK calorie labelling (2022) asks of larger businesses. */
    kcal: z.number().int().min(0).max(10_000).nullable().default(null),
    allergens: ZAllergenInfoDocument,
    dietary: z.array(z.enum(DIETARY_KEYS)).max(4).default([]),
    /** VAT in percent: 20 for hot takeaway food and soft drinks, 0 for most cold food. */
    vatRate: z.union([z.literal(0), z.literal(5), z.literal(20)]).default(20),
    soldOut: z.boolean().default(false),
    /** Sold out "today": available again from this instant, the store's next opening (issue 15). */
    soldOutUntil: z.iso.datetime({ offset: true }).optional(),
    hidden: z.boolean().default(false),
    modifierGroups: z.array(ZModifierGroupDocument).max(10).default([]),
    /** The dish at some stores (issue 28): not sold there, its own price, its own switches. */
    stores: z.array(ZItemStoreDocument).max(50).optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    duplicates(item.modifierGroups.map((g) => g.slug)).forEach((index) =>
      ctx.addIssue({
        code: 'custom',
        path: ['modifierGroups', index, 'slug'],
        message: 'appears twice',
      }),
    );
  });
export type MenuItemDocument = z.infer<typeof ZMenuItemDocument>;

export const ZMenuCategoryDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(80),
    description: z.string().max(300).default(''),
    /** The brand whose kitchen cooks this category, shown on its landing page (issue 20). */
    brand: ZSlug.optional(),
    /** Hidden from the storefront (issue 28). */
    hidden: z.boolean().optional(),
    /** Slugs of items in the catalogue, in the order shown. */
    items: z.array(ZSlug).max(500),
  })
  .strict();

export const ZMenuDocument = z
  .object({
    slug: ZSlug,
    name: z.string().min(1).max(80),
    categories: z.array(ZMenuCategoryDocument).max(100),
  })
  .strict();
export type MenuDocument = z.infer<typeof ZMenuDocument>;

// In order-types.ts, without zod: the checkout's first screen reads them.
export { ORDER_TYPES, type OrderType } from './order-types.ts';

/**
 * A postcode district (E1, SW1A, N16) or sector (E1 6: issue 28) a store delivers to, with its
 * fee, minimum order and, optionally, its own minutes on the road (else the store's).
 */
export const ZDeliveryZoneDocument = z
  .object({
    district: z
      .string()
      .regex(
        /^[A-Z]{1,2}\d[A-Z\d]?(?: \d)?$/,
        'Use a postcode district or sector in capitals, such as E1, SW1A or E1 6',
      ),
    fee: ZMinorUnits,
    minimumOrder: ZMinorUnits,
    travelMinutes: z.number().int().min(0).max(180).optional(),
  })
  .strict();

/** Indexes of values that appeared earlier in the list. */
export function duplicates(values: readonly string[]): number[] {
  return values.flatMap((value, index) => (values.indexOf(value) !== index ? [index] : []));
}

// The answers' shapes are schemas (api-shapes-menu.ts), their types read from them.
export type {
  DeliveryZone,
  MenuCategory,
  MenuItemDetail,
  MenuListItem,
  ModifierGroup,
  ModifierOption,
  StoreMenu,
  StoreSummary,
} from './api-shapes-menu.ts';
