import { z } from 'zod';
import type { Answer } from './answer.ts';
import { LOGO_STYLES, ZLocationData } from './config.ts';
import { ZStoreDocument, ZTenantConfig, ZTenantDocument } from './tenant-document.ts';

/**
 * The owner's Shop editor (walk item 10, docs/decisions/0088-the-shop-s-identity-is-edited-on-
 * a-screen.md): the shop's name, colours, logos and contacts, and each store's address and
 * phone. Every field is checked by the tenant document's own rule, so what the editor saves an
 * import would take, and the other way round.
 *
 * A save names the version it read (`If-Match`, or `version` in the body). The version is a
 * fingerprint of the values the editor shows, so a colleague's change of something else (the
 * closed switch, a zone) is no conflict; a stale save is a 409 with the current values.
 */

const version = z.string().regex(/^[a-f0-9]{16}$/, 'Not a version this editor gave');

/** The slots a logo can be uploaded into: the header's, the footer's, the browser tab's icon. */
export const LOGO_SLOTS = ['headerLogo', 'footerLogo', 'favicon'] as const;
export type LogoSlot = (typeof LOGO_SLOTS)[number];
export const LOGO_SLOT_LABELS: Record<LogoSlot, string> = {
  headerLogo: 'Header logo',
  footerLogo: 'Footer logo',
  favicon: 'Browser tab icon',
};
/** The most an uploaded logo may weigh before it is resized (the menu photos' limit). */
export const MAX_LOGO_UPLOAD_BYTES = 10 * 1024 * 1024;

const config = ZTenantConfig.shape;

/** PATCH /api/admin/shop/identity: any of the shop-wide fields. */
export const ZShopIdentityPatch = z
  .object({
    websiteName: z
      .string()
      .trim()
      .min(1, 'Give the shop a name')
      .pipe(ZTenantDocument.shape.websiteName),
    colorPalatte: config.colorPalatte,
    SecondaryColorPalatte: config.SecondaryColorPalatte,
    logo_style: z.enum(LOGO_STYLES),
    contactNumber: z.string().trim().pipe(config.contactNumber),
    supportEmail: z.string().trim().pipe(config.supportEmail),
    website: z.string().trim().pipe(config.website),
    locationData: ZLocationData,
    version,
  })
  .partial()
  .strict();
export type ShopIdentityPatch = z.infer<typeof ZShopIdentityPatch>;
export type ShopIdentityPatchInput = z.input<typeof ZShopIdentityPatch>;

const store = ZStoreDocument.shape;

/** PATCH /api/admin/stores/{id}/contact: any of a store's address lines and phone. */
export const ZStoreContactPatch = z
  .object({
    address_line1: z.string().trim().pipe(store.addressLine1),
    address_line2: z.string().trim().pipe(store.addressLine2),
    city: z.string().trim().pipe(store.city),
    postcode: z.string().trim().toUpperCase().pipe(store.postcode),
    phone: z.string().trim().pipe(store.phone),
    direction_link: z.string().trim().pipe(store.directionLink),
    version,
  })
  .partial()
  .strict();
export type StoreContactPatch = z.infer<typeof ZStoreContactPatch>;
export type StoreContactPatchInput = z.input<typeof ZStoreContactPatch>;

// ---- Answers (loose, like the others: a field added later passes) ----

export const ZStoreContact = z.looseObject({
  store_id: z.string(),
  store_name: z.string(),
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  postcode: z.string(),
  phone: z.string(),
  direction_link: z.string(),
  version: z.string(),
});
export type StoreContact = Answer<typeof ZStoreContact>;

export const ZShopIdentity = z.looseObject({
  websiteName: z.string(),
  colorPalatte: z.string(),
  SecondaryColorPalatte: z.string(),
  logo_style: z.enum(LOGO_STYLES),
  headerLogo: z.string(),
  footerLogo: z.string(),
  favicon: z.string(),
  contactNumber: z.string(),
  supportEmail: z.string(),
  website: z.string(),
  locationData: z.looseObject({
    addressLine1: z.string(),
    addressLine2: z.string(),
    directionLink: z.string(),
  }),
  version: z.string(),
  /**
   * Whether the caller may change the shop-wide fields: only someone who works in every store
   * (an owner). A manager of some stores reads them, and changes their own stores' contacts.
   */
  editable: z.boolean(),
  /** The caller's stores, each with its own version. */
  stores: z.array(ZStoreContact),
});
export type ShopIdentity = Answer<typeof ZShopIdentity>;

const ok = <T extends z.ZodType>(schema: T) =>
  z.looseObject({ status: z.number().int(), message: z.string(), data: schema });

export const SHOP_IDENTITY_RESPONSES: Record<string, { status: 200; schema: z.ZodType }> = {
  'GET /api/admin/shop/identity': { status: 200, schema: ok(ZShopIdentity) },
  'PATCH /api/admin/shop/identity': { status: 200, schema: ok(ZShopIdentity) },
  'POST /api/admin/shop/logos/:slot': { status: 200, schema: ok(ZShopIdentity) },
  'PATCH /api/admin/stores/:id/contact': { status: 200, schema: ok(ZStoreContact) },
};
