import type { AdminFixtures } from './admin-route-table.ts';
import { everyDayHours, importTestTenant, makeTenantDocument } from './factories.ts';
import { insertTestBooking } from './bookings.ts';
import { insertTestOrder } from './orders.ts';
import { addStaff } from './staff.ts';
import type { createTestApp } from './test-app.ts';
import { insertCloseout } from '../src/modules/diary/diary.repository.ts';
import { listStaff, storesOfTenant } from '../src/modules/staff/staff.repository.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.repository.ts';
import { listPromos } from '../src/modules/promos/promos.repository.ts';

type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The shop the authorisation table is run against: two stores, so that staff of one store can
 * be refused the other's things, and a second shop whose staff must find nothing here. Later
 * features add the things their routes need (an order, a booking, a dish) below.
 */
export async function makeAdminFixtures(ctx: TestContext) {
  const base = makeTenantDocument();
  // Service controls (issue 15): a dish with an option, on a menu only the second store sells.
  const shop = {
    ...base,
    stores: [
      base.stores[0]!,
      { ...base.stores[0]!, slug: 'second', name: 'Second Store', menu: 'second-menu' },
    ],
    items: [
      {
        slug: 'lamb-curry',
        name: 'Lamb curry',
        price: 1200,
        allergens: { contains: [] },
        modifierGroups: [
          {
            slug: 'side',
            name: 'Side',
            min: 0,
            max: 1,
            options: [{ slug: 'second-only-rice', name: 'Rice' }],
          },
        ],
      },
    ],
    menus: [
      {
        slug: 'second-menu',
        name: 'Second menu',
        categories: [{ slug: 'mains', name: 'Mains', items: ['lamb-curry'] }],
      },
    ],
    // The promotions editor (issue 28): a code of the second store only.
    promos: [
      {
        code: 'SECONDONLY',
        description: 'Second store only',
        kind: 'percent' as const,
        value: 10,
        stores: ['second'],
      },
    ],
    // The bookings diary (issue 16) is the second store's, where the limited staff do not work.
    home: { ...base.home, mainStore: 'second' },
    booking: {
      hours: everyDayHours('12:00', '22:00'),
      coversPerSlot: 40,
    },
  };
  await importTestTenant(ctx.db, shop);
  const otherShop = await importTestTenant(ctx.db, makeTenantDocument());
  const tenant = (await findTenantBySlug(ctx.db, shop.slug))!;
  const stores = await storesOfTenant(ctx.db, tenant.id);
  const own = stores.find((s) => s.slug === 'main')!;
  const other = stores.find((s) => s.slug === 'second')!;

  const staffEmail = await addStaff(ctx.db, shop.slug, 'staff', { stores: ['second'] });
  const staffRow = (await listStaff(ctx.db, tenant.id)).find((s) => s.email === staffEmail)!;

  // The order desk (issue 14): an order of the store the limited staff do not work in.
  const order = await insertTestOrder(ctx.db, { tenantId: tenant.id, storeId: other.id });

  // The bookings diary (issue 16): a booking and a close-out of tomorrow.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const booking = await insertTestBooking(ctx.db, tenant.id, { date: tomorrow });
  const closeout = await insertCloseout(ctx.db, {
    tenantId: tenant.id,
    date: tomorrow,
    fromMinutes: 12 * 60,
    untilMinutes: 12 * 60 + 30,
    reason: 'Private party',
    createdBy: 'owner@example.com',
  });

  const fixtures: AdminFixtures = {
    ownStoreId: own.id,
    otherStoreId: other.id,
    staffId: staffRow.id,
    orderId: order.id,
    bookingId: booking.id,
    closeoutId: closeout.id,
    date: tomorrow,
    itemId: (await loadCatalogue(ctx.db, tenant.id)).items[0]!.id,
    optionId: 'second-only-rice',
    promoId: (await listPromos(ctx.db, tenant.id))[0]!.id,
    // The menu editor (issue 28): the second menu's category.
    categoryId: (await loadCatalogue(ctx.db, tenant.id)).categories[0]!.id,
    // The back office (issue 29): the order's customer, who ordered only in the second store.
    customerId: order.customerId,
  };
  return { shop, otherShop, tenantId: tenant.id, ownStoreSlug: 'main', fixtures };
}
