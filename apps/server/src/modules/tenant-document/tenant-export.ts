import type { TenantDocument } from '@servery/contract/tenant-document';
import type { Database } from '../../db/client.ts';
import { itemStoresDocument, loadCatalogue } from '../catalogue/catalogue.repository.ts';
import { listPromos } from '../promos/promos.repository.ts';
import { findTenantBySlug, listAssets, loadTenant } from '../tenants/tenants.repository.ts';
import { brandsOf, weeklyHoursOf } from '../tenants/tenants.service.ts';
import { automationDocumentOf, promoScopeDocumentOf } from '../store-settings/settings-export.ts';

/** The stored tenant as the document that would recreate it, with its asset files. */
export async function exportTenant(db: Database, slug: string) {
  const row = await findTenantBySlug(db, slug);
  if (!row) return null;
  const tenant = (await loadTenant(db, row.id))!;
  const catalogue = await loadCatalogue(db, row.id);
  const document: TenantDocument = {
    format: 1,
    slug: tenant.row.slug,
    websiteName: tenant.row.websiteName,
    hosts: tenant.hosts.map(({ host, variant }) => ({ host, variant })),
    config: tenant.row.config,
    brands: brandsOf(tenant),
    stores: tenant.stores.map((store) => ({
      slug: store.slug,
      name: store.name,
      addressLine1: store.addressLine1,
      addressLine2: store.addressLine2,
      city: store.city,
      postcode: store.postcode,
      phone: store.phone,
      directionLink: store.directionLink,
      isClosed: store.isClosed,
      openingHours: weeklyHoursOf(tenant, store.id),
      orderTypes: store.orderTypes,
      preparationMinutes: store.preparationMinutes,
      minimumOrder: store.minimumOrder,
      deliveryZones: store.deliveryZones,
      menu: catalogue.menus.find((m) => m.id === store.menuId)?.slug ?? null,
      deliveryMinutes: store.deliveryMinutes,
      busyExtraMinutes: store.busyExtraMinutes,
      ...(store.busyUntil ? { busyUntil: store.busyUntil.toISOString() } : {}),
      acceptsCash: store.acceptsCash,
      // Service controls (issue 15), written only when set so documents stay as they were.
      ...(store.pause ? { pause: store.pause } : {}),
      ...(store.specialDays.length ? { specialDays: store.specialDays } : {}),
      ...automationDocumentOf(store),
    })),
    home: {
      mainStore:
        tenant.stores.find((s) => s.id === tenant.home?.mainStoreId)?.slug ??
        tenant.stores[0]!.slug,
      banners: tenant.home?.banners ?? [],
    },
    items: [],
    menus: [],
    booking: tenant.row.booking ?? null,
    ...(tenant.row.payments ? { payments: tenant.row.payments } : {}),
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
      ...promoScopeDocumentOf(promo, tenant.stores),
    })),
  };
  if (tenant.row.legal) document.legal = tenant.row.legal;
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
    ...itemStoresDocument(catalogue, tenant.stores, item.id),
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
        ...(category.brand ? { brand: category.brand } : {}),
        ...(category.hidden ? { hidden: true } : {}),
        items: catalogue.links
          .filter((link) => link.categoryId === category.id)
          .map((link) => catalogue.items.find((i) => i.id === link.itemId)!.slug),
      })),
  }));
  const assets = await listAssets(db, row.id);
  return { document, assets };
}
