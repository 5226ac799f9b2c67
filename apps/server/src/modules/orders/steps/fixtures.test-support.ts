import type { Tenant } from '../../tenants/tenants.repository.ts';
import type { OrderStore } from './store-check.ts';

/** A store as the tenant cache holds it, with what the order steps read of it. */
export function storeRow(more: Partial<OrderStore> = {}): OrderStore {
  return {
    id: 'store-1',
    name: 'Tandoor Lane Shoreditch',
    phone: '020 7946 0000',
    isClosed: false,
    orderTypes: ['delivery', 'collection'],
    pause: null,
    minimumOrder: 1000,
    deliveryZones: [
      { district: 'E1', fee: 199, minimumOrder: 1200 },
      { district: 'E14', fee: 349, minimumOrder: 1800 },
    ],
    acceptsCash: true,
    preparationMinutes: 20,
    deliveryMinutes: 25,
    busyExtraMinutes: 0,
    busyUntil: null,
    specialDays: [],
    menuId: 'menu-1',
    ...more,
  } as OrderStore;
}

/** Every day 17:00 to 23:00 for store-1. */
export const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  storeId: 'store-1',
  weekday,
  opens: '17:00',
  closes: '23:00',
})) as unknown as Tenant['hours'];

export function testTenant(
  config: Partial<Tenant['row']['config']> = {},
  stores = [storeRow()],
): Pick<Tenant, 'row' | 'stores'> {
  return {
    row: {
      id: 'tenant-1',
      websiteName: 'Tandoor Lane',
      config: {
        IsShopClosed: 0,
        ShopClosedMessage: 'We are closed for the holidays.',
        currency: { value: 'GBP', sign: '£' },
        timeZone: 'Europe/London',
        ...config,
      },
    },
    stores,
  } as unknown as Pick<Tenant, 'row' | 'stores'>;
}
