import { z } from 'zod';
import { ALLERGEN_KEYS, DIETARY_KEYS } from './allergens.ts';
import { ZMinorUnits } from './menu.ts';

/**
 * The menu editor of the staff app (issue 28, docs/decisions/0035): categories, dishes, their
 * stores and per-store prices. Every editable object carries a `version`; a save sends it back
 * as `If-Match`, and a stale save is a 409 with the current values.
 */

export const VAT_RATES = [0, 5, 20] as const;
/** The hint beside the VAT field: HMRC's hot-food rule in one sentence. */
export const VAT_HINT =
  'Hot takeaway food and all soft drinks are 20%. Cold food eaten off the premises is usually 0%.';

const ZName = (max: number) =>
  z.string().trim().min(1, 'Give it a name').max(max, `At most ${max} characters`);
const ZId = z.uuid({ message: 'Not a valid id' });

export const ZAllergensInput = z
  .object({
    contains: z.array(z.enum(ALLERGEN_KEYS)).max(14).default([]),
    may_contain: z.array(z.enum(ALLERGEN_KEYS)).max(14).default([]),
  })
  .strict();

export const ZOptionInput = z
  .object({
    /** The option's slug; kept from the read so carts keep pointing at it, made from the name when new. */
    id: z.string().max(100).optional(),
    name: ZName(80),
    price_delta: z.number().int().min(-100_00).max(1_000_00).default(0),
    allergens: ZAllergensInput.default({ contains: [], may_contain: [] }),
  })
  .strict();

export const ZOptionGroupInput = z
  .object({
    id: z.string().max(100).optional(),
    name: ZName(80),
    min: z.number().int().min(0).max(20),
    max: z.number().int().min(1).max(20),
    options: z.array(ZOptionInput).min(1, 'Add at least one choice').max(40),
  })
  .strict()
  .superRefine((group, ctx) => {
    if (group.min > group.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'The minimum is above the maximum' });
    }
    if (group.min > group.options.length) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'More required than there are' });
    }
  });
export type OptionGroupInput = z.infer<typeof ZOptionGroupInput>;

export const ZStorePrice = z.object({ store_id: ZId, price: ZMinorUnits }).strict();

const itemFields = {
  category_id: ZId,
  name: ZName(120),
  description: z.string().trim().max(1000).default(''),
  price: ZMinorUnits,
  vat_rate: z.union([z.literal(0), z.literal(5), z.literal(20)], {
    error: 'Choose 0, 5 or 20',
  }),
  kcal: z.number().int().min(0).max(10_000).nullable().optional(),
  allergens: ZAllergensInput,
  diets: z.array(z.enum(DIETARY_KEYS)).max(4).default([]),
  store_ids: z.array(ZId).min(1, 'Choose at least one store').max(50),
  /** A higher (or lower) price at some stores; the others charge `price`. */
  store_prices: z.array(ZStorePrice).max(50).default([]),
  option_groups: z.array(ZOptionGroupInput).max(10).default([]),
};

/** POST /api/admin/items. */
export const ZItemCreate = z.object(itemFields).strict();
export type ItemCreate = z.infer<typeof ZItemCreate>;

/** PATCH /api/admin/items/{id} (with If-Match): any of the fields, and its place in its category. */
export const ZItemEdit = z
  .object({
    category_id: itemFields.category_id.optional(),
    name: itemFields.name.optional(),
    description: z.string().trim().max(1000).optional(),
    price: ZMinorUnits.optional(),
    vat_rate: itemFields.vat_rate.optional(),
    kcal: itemFields.kcal,
    allergens: ZAllergensInput.optional(),
    diets: z.array(z.enum(DIETARY_KEYS)).max(4).optional(),
    store_ids: itemFields.store_ids.optional(),
    store_prices: z.array(ZStorePrice).max(50).optional(),
    option_groups: z.array(ZOptionGroupInput).max(10).optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field' });
export type ItemEdit = z.infer<typeof ZItemEdit>;

/** POST /api/admin/categories. */
export const ZCategoryCreate = z
  .object({
    store_id: ZId,
    name: ZName(80),
    description: z.string().trim().max(300).default(''),
    /** The brand (slug) whose kitchen cooks this category; null for none. */
    brand: z.string().max(100).nullable().default(null),
  })
  .strict();
export type CategoryCreate = z.infer<typeof ZCategoryCreate>;

/** PATCH /api/admin/categories/{id} (with If-Match): rename, move, hide. */
export const ZCategoryEdit = z
  .object({
    name: ZName(80).optional(),
    description: z.string().trim().max(300).optional(),
    brand: z.string().max(100).nullable().optional(),
    hidden: z.boolean().optional(),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field' });
export type CategoryEdit = z.infer<typeof ZCategoryEdit>;

export const ZEditMenuQuery = z.object({ store_id: ZId.optional() }).strict();

// ---- Answers ----

const ZAllergens = z.object({
  contains: z.array(z.enum(ALLERGEN_KEYS)),
  may_contain: z.array(z.enum(ALLERGEN_KEYS)),
});
const ZSoldOut = z.union([z.enum(['today', 'indefinitely']), z.literal(false)]);

export const ZEditableItemStore = z.object({
  store_id: z.string(),
  name: z.string(),
  sells: z.boolean(),
  /** The store's own price, or null for the dish's. */
  price: z.number().int().nullable(),
  sold_out: ZSoldOut,
  sold_out_until: z.string().nullable(),
  hidden: z.boolean(),
  /** Whether the caller works at this store (and may change it). */
  editable: z.boolean(),
});

export const ZEditableItem = z.object({
  id: z.string(),
  version: z.number().int(),
  category_id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  vat_rate: z.union([z.literal(0), z.literal(5), z.literal(20)]),
  kcal: z.number().int().nullable(),
  allergens: ZAllergens,
  diets: z.array(z.enum(DIETARY_KEYS)),
  /** The storefront's photo (its 640-pixel WebP), or null. */
  image: z.string().nullable(),
  option_groups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      min: z.number().int(),
      max: z.number().int(),
      options: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          price_delta: z.number().int(),
          allergens: ZAllergens,
        }),
      ),
    }),
  ),
  stores: z.array(ZEditableItemStore),
});
export type EditableItem = z.infer<typeof ZEditableItem>;

export const ZEditableCategory = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  description: z.string(),
  brand: z.string().nullable(),
  hidden: z.boolean(),
  items: z.array(ZEditableItem),
});
export type EditableCategory = z.infer<typeof ZEditableCategory>;

/** GET /api/admin/menu?store_id=: the menu the store sells from, hidden things too. */
export const ZEditableMenu = z.object({
  store_id: z.string(),
  menu_id: z.string().nullable(),
  stores: z.array(z.object({ id: z.string(), name: z.string(), editable: z.boolean() })),
  brands: z.array(z.object({ slug: z.string(), name: z.string() })),
  categories: z.array(ZEditableCategory),
});
export type EditableMenu = z.infer<typeof ZEditableMenu>;

/** POST /api/admin/items/{id}/photo: the stored variants. */
export const ZPhotoAnswer = z.object({
  image: z.string(),
  variants: z.array(z.object({ file: z.string(), width: z.number().int(), type: z.string() })),
  item: ZEditableItem,
});
export type PhotoAnswer = z.infer<typeof ZPhotoAnswer>;

/** The largest photo accepted: a phone's full-size JPEG fits well inside. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
