import { z } from 'zod';
import { ALLERGEN_KEYS, DIETARY_KEYS } from './allergens.ts';
import type { Answer } from './answer.ts';
import { id, instant, money } from './api-shapes-storefront.ts';
import { ORDER_TYPES } from './menu.ts';

/**
 * The menus' and stores' answers (GET /api/menu/…, GET /api/store, GET /api/stores/{id}): one
 * schema each, which the OpenAPI document shows and whose type the web reads (menu.ts
 * re-exports the types). The routes send these as cached JSON, which the contract tests check
 * against the schemas.
 */

/** What a dish or an option declares: allergens it contains, and ones it may contain (traces). */
export const ZAllergenInfo = z.looseObject({
  contains: z.array(z.enum(ALLERGEN_KEYS)),
  may_contain: z.array(z.enum(ALLERGEN_KEYS)),
});
export type AllergenInfo = Answer<typeof ZAllergenInfo>;

const listed = {
  id,
  name: z.string(),
  description: z.string(),
  price: money,
  image: z.string().nullable(),
  kcal: z.number().nullable(),
  allergens: ZAllergenInfo,
  dietary: z.array(z.enum(DIETARY_KEYS)),
  sold_out: z.boolean(),
};

/** One dish in a menu list: enough to show, filter and add a dish without modifiers. */
export const ZMenuListItem = z.looseObject({
  ...listed,
  /** True when the dish has choices: the list opens its details instead of adding it. */
  has_modifiers: z.boolean(),
  /** True when at least one choice is required. */
  has_required_modifiers: z.boolean(),
});
export type MenuListItem = Answer<typeof ZMenuListItem>;

export const ZMenuCategory = z.looseObject({
  id,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** The slug of the brand that cooks this category (its landing page lists it); null for none. */
  brand: z.string().nullable(),
  items: z.array(ZMenuListItem),
});
export type MenuCategory = Answer<typeof ZMenuCategory>;

/** GET /api/menu/{store id}: the store's menu, categories in order. */
export const ZStoreMenu = z.looseObject({
  store_id: id,
  menu_id: id,
  name: z.string(),
  categories: z.array(ZMenuCategory),
});
export type StoreMenu = Answer<typeof ZStoreMenu>;

export const ZModifierOption = z.looseObject({
  id,
  name: z.string(),
  price_delta: money,
  allergens: ZAllergenInfo,
  sold_out: z.boolean(),
});
export type ModifierOption = Answer<typeof ZModifierOption>;

export const ZModifierGroup = z.looseObject({
  id,
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  required: z.boolean(),
  options: z.array(ZModifierOption),
});
export type ModifierGroup = Answer<typeof ZModifierGroup>;

/** GET /api/menu/item/{id}: one dish with its choices and full allergen detail. */
export const ZMenuItemDetail = z.looseObject({
  ...listed,
  vat_rate: z.union([z.literal(0), z.literal(5), z.literal(20)]),
  modifier_groups: z.array(ZModifierGroup),
});
export type MenuItemDetail = Answer<typeof ZMenuItemDetail>;

export const ZDeliveryZone = z.looseObject({
  district: z.string(),
  fee: money,
  minimum_order: money,
});
export type DeliveryZone = Answer<typeof ZDeliveryZone>;

/** GET /api/store (a list) and GET /api/stores/{id} (one). */
export const ZStoreSummary = z.looseObject({
  id,
  slug: z.string(),
  name: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string(),
  direction_link: z.string(),
  /** The shop closed this store (holiday, refit): no orders whatever the hours. */
  is_closed: z.boolean(),
  /** Open at this moment in the shop's time zone (and not closed). */
  is_open_now: z.boolean(),
  /** "Opens at 5:00 PM", "Closes at 11:00 PM", "Opens Monday at 11:00 AM", or null. */
  status_text: z.string().nullable(),
  /**
   * While open, the last moment an order can be placed for this opening: its closing less the
   * preparation time and the busy extra, the checkout's rule (decision 75); null while closed.
   */
  last_order_at: instant.nullable(),
  /** One line per day, Monday first: "11:30 AM - 2:30 PM, 5:00 PM - 11:00 PM" or "Closed". */
  opening_hours: z.array(z.looseObject({ day: z.string(), hours: z.string() })),
  order_types: z.array(z.enum(ORDER_TYPES)),
  preparation_minutes: z.number().int(),
  delivery_zones: z.array(ZDeliveryZone),
  /** The least a collection order may be; delivery zones carry their own minimum. */
  minimum_order: money,
  /** Whether customers may pay cash on collection or delivery. */
  accepts_cash: z.boolean(),
  /** The menu this store sells from; null while it has none. */
  menu_id: z.string().nullable(),
  /** Ordering paused by the shop for some order types, with its message; null when not. */
  pause: z
    .looseObject({ order_types: z.array(z.enum(ORDER_TYPES)), until: instant, message: z.string() })
    .nullable(),
});
export type StoreSummary = Answer<typeof ZStoreSummary>;
