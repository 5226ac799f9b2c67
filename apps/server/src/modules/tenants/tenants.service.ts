import { ZAssetName, type ShopConfig, type SiteVariant } from '@servery/contract/config';
import type { HomeContent, OpeningHoursData } from '@servery/contract/home';
import { WEEKDAYS, describeDay, type WeeklyHours } from '@servery/contract/opening-hours';
import {
  ZTenantDocument,
  assetReferences,
  describeIssues,
  messagingOf,
  type TenantDocument,
} from '@servery/contract/tenant-document';
import type { Database } from '../../db/client.ts';
import { loadCatalogue } from '../menu/catalogue.repository.ts';
import { listPromos } from '../promos/promos.repository.ts';
import { toAssetFile } from './tenant-assets.ts';
import {
  hostsOwnedElsewhere,
  listAssets,
  findTenantBySlug,
  loadTenantAggregate,
  writeTenant,
  countTenantData,
  removeTenant,
  type AssetFile,
  type TenantAggregate,
} from './tenants.repository.ts';

export interface Problem {
  path: string;
  message: string;
}

/** A tenant document that cannot be imported, with every problem found, by JSON path. */
export class TenantDocumentError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `The tenant document has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${p.path}: ${p.message}`).join('\n'),
    );
  }
}

type ReadAsset = (name: string) => Promise<Uint8Array | null>;

/**
 * Every problem of a document that can be found without the database: the schema, and the
 * asset files it names. Asset files are checked even when the schema fails, so one run lists
 * everything to fix.
 */
export async function checkTenantDocument(input: unknown, readAsset: ReadAsset) {
  const parsed = ZTenantDocument.safeParse(input);
  const problems: Problem[] = parsed.success ? [] : describeIssues(parsed.error);
  const doc = parsed.success ? parsed.data : null;
  const refs = doc ? assetReferences(doc) : looseAssetReferences(input);
  const assets = new Map<string, AssetFile>();
  const missing = new Set<string>();
  for (const ref of refs) {
    if (problems.some((p) => p.path === ref.path)) continue;
    if (assets.has(ref.file)) continue;
    const bytes = missing.has(ref.file) ? null : await readAsset(ref.file);
    const asset = bytes ? toAssetFile(ref.file, bytes) : `the file assets/${ref.file} is missing`;
    if (typeof asset === 'string') {
      missing.add(ref.file);
      problems.push({ path: ref.path, message: asset });
    } else assets.set(ref.file, asset);
  }
  return { doc, problems, assets };
}

/**
 * Validates a whole document, its asset files and its hosts, then writes it in one
 * transaction. Any problem refuses the whole document and writes nothing; the error lists
 * every problem at once, hosts that belong to another shop among them.
 */
export async function importTenant(
  db: Database,
  input: unknown,
  readAsset: ReadAsset,
): Promise<{ tenantId: string; slug: string }> {
  const { doc, problems, assets } = await checkTenantDocument(input, readAsset);
  const raw = isRecord(input) ? input : {};
  const slug = doc?.slug ?? (typeof raw.slug === 'string' ? raw.slug : '');
  const hosts = Array.isArray(raw.hosts)
    ? raw.hosts.map((h: unknown) => (isRecord(h) && typeof h.host === 'string' ? h.host : null))
    : [];

  const tenantId = await db.transaction(async (tx) => {
    const taken = await hostsOwnedElsewhere(
      tx,
      slug,
      hosts.filter((h): h is string => h !== null),
    );
    for (const { host, owner } of taken) {
      problems.push({
        path: `hosts.${hosts.indexOf(host)}.host`,
        message: `"${host}" belongs to tenant "${owner}"`,
      });
    }
    if (problems.length || !doc) throw new TenantDocumentError(problems);
    return writeTenant(tx, doc, [...assets.values()]);
  });
  return { tenantId, slug };
}

/** Removes a shop and everything it owns; answers what was removed, or null for no such shop. */
export async function deleteTenant(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  if (!row) return null;
  return db.transaction(async (tx) => {
    const counts = await countTenantData(tx, row.id);
    await removeTenant(tx, row.id);
    return counts;
  });
}

/** What a shop holds, for the confirmation before it is deleted. */
export async function tenantDataSummary(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  return row ? countTenantData(db, row.id) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The asset files an invalid document names where it names them in the expected places. */
function looseAssetReferences(input: unknown): { path: string; file: string }[] {
  const refs: { path: string; file: string }[] = [];
  const add = (path: string, value: unknown) => {
    if (ZAssetName.safeParse(value).success) refs.push({ path, file: value as string });
  };
  if (!isRecord(input)) return refs;
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  if (isRecord(input.config)) {
    for (const key of ['favicon', 'headerLogo', 'footerLogo'])
      add(`config.${key}`, input.config[key]);
  }
  list(input.brands).forEach((b, i) => isRecord(b) && add(`brands.${i}.logo`, b.logo));
  if (isRecord(input.home)) {
    list(input.home.banners).forEach(
      (b, i) => isRecord(b) && add(`home.banners.${i}.banner`, b.banner),
    );
  }
  list(input.items).forEach((item, i) => isRecord(item) && add(`items.${i}.image`, item.image));
  return refs;
}

/** The stored tenant as the document that would recreate it, with its asset files. */
export async function exportTenant(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  if (!row) return null;
  const agg = (await loadTenantAggregate(db, row.id))!;
  const catalogue = await loadCatalogue(db, row.id);
  const document: TenantDocument = {
    format: 1,
    slug: agg.tenant.slug,
    websiteName: agg.tenant.websiteName,
    hosts: agg.hosts.map(({ host, variant }) => ({ host, variant })),
    config: agg.tenant.config,
    brands: agg.brands.map(({ slug, name, tagline, description, logo }) => ({
      slug,
      name,
      tagline,
      description,
      logo,
    })),
    stores: agg.stores.map((store) => ({
      slug: store.slug,
      name: store.name,
      addressLine1: store.addressLine1,
      addressLine2: store.addressLine2,
      city: store.city,
      postcode: store.postcode,
      phone: store.phone,
      directionLink: store.directionLink,
      isClosed: store.isClosed,
      openingHours: weeklyHoursOf(agg, store.id),
      orderTypes: store.orderTypes,
      preparationMinutes: store.preparationMinutes,
      minimumOrder: store.minimumOrder,
      deliveryZones: store.deliveryZones,
      menu: catalogue.menus.find((m) => m.id === store.menuId)?.slug ?? null,
      deliveryMinutes: store.deliveryMinutes,
      busyExtraMinutes: store.busyExtraMinutes,
      acceptsCash: store.acceptsCash,
      // Service controls (issue 15), written only when set so documents stay as they were.
      ...(store.pause ? { pause: store.pause } : {}),
      ...(store.specialDays.length ? { specialDays: store.specialDays } : {}),
    })),
    home: {
      mainStore:
        agg.stores.find((s) => s.id === agg.home?.mainStoreId)?.slug ?? agg.stores[0]!.slug,
      banners: agg.home?.banners ?? [],
    },
    items: [],
    menus: [],
    booking: agg.tenant.booking ?? null,
    ...(agg.tenant.payments ? { payments: agg.tenant.payments } : {}),
    promos: (await listPromos(db, row.id)).map((promo) => ({
      code: promo.code,
      description: promo.description,
      kind: promo.kind,
      value: promo.value,
      minimumOrder: promo.minimumOrder,
      startsAt: promo.startsAt?.toISOString() ?? null,
      endsAt: promo.endsAt?.toISOString() ?? null,
      totalLimit: promo.totalLimit,
      perCustomerLimit: promo.perCustomerLimit,
      public: promo.isPublic,
    })),
  };
  if (agg.tenant.legal) document.legal = agg.tenant.legal;
  document.items = catalogue.items.map((item) => ({
    slug: item.slug,
    name: item.name,
    description: item.description,
    price: item.price,
    image: item.image,
    kcal: item.kcal,
    allergens: { contains: item.allergens.contains, mayContain: item.allergens.may_contain },
    dietary: item.dietary,
    vatRate: item.vatRate,
    soldOut: item.soldOut,
    ...(item.soldOutUntil ? { soldOutUntil: item.soldOutUntil.toISOString() } : {}),
    hidden: item.hidden,
    modifierGroups: item.modifierGroups,
  }));
  document.menus = catalogue.menus.map((menu) => ({
    slug: menu.slug,
    name: menu.name,
    categories: catalogue.categories
      .filter((c) => c.menuId === menu.id)
      .map((category) => ({
        slug: category.slug,
        name: category.name,
        description: category.description,
        items: catalogue.links
          .filter((link) => link.categoryId === category.id)
          .map((link) => catalogue.items.find((i) => i.id === link.itemId)!.slug),
      })),
  }));
  const assets = await listAssets(db, row.id);
  return { document, assets };
}

/** The answer of POST /api/loadconfig for one tenant seen through one host. */
/**
 * The answer of /api/loadconfig. `textsAvailable` false (production without Twilio) takes SMS
 * out of the sign-in channels, so the login screen asks for an e-mail address.
 */
export function shopConfigOf(
  agg: TenantAggregate,
  variant: SiteVariant,
  textsAvailable = true,
): ShopConfig {
  const { config } = agg.tenant;
  const channels = messagingOf(config.messaging).signInChannels.filter(
    (channel) => textsAvailable || channel !== 'sms',
  );
  return {
    websiteName: agg.tenant.websiteName,
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
    brands: agg.brands.map(({ slug, name, tagline, description, logo }) => ({
      slug,
      name,
      tagline,
      description,
      logo,
    })),
  };
}

/** The answer of GET /api/home: banners, where the shop is, when it opens, how to reach it. */
export function homeContentOf(agg: TenantAggregate): HomeContent {
  const { config } = agg.tenant;
  const mainStoreId = agg.home?.mainStoreId ?? agg.stores[0]?.id;
  return {
    banners: agg.home?.banners ?? [],
    locationData: config.locationData,
    openingHours: openingHoursData(mainStoreId ? weeklyHoursOf(agg, mainStoreId) : {}),
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

function weeklyHoursOf(agg: TenantAggregate, storeId: string): WeeklyHours {
  const hours: WeeklyHours = {};
  for (const row of agg.hours) {
    if (row.storeId !== storeId) continue;
    const day = WEEKDAYS[row.weekday - 1]!;
    (hours[day] ??= []).push({ opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) });
  }
  return hours;
}
