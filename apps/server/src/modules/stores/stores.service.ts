import type { StoreSummary } from '@servery/contract/menu';
import { WEEKDAYS, describeDay } from '@servery/contract/opening-hours';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { activePause } from '@servery/contract/service';
import { busyMinutesAt } from '@servery/contract/clock';
import { closesAt, openingState } from './opening.ts';

type StoreRow = Tenant['stores'][number];

/** What a store closed until further notice (or under the shop's closed switch) reads as. */
export const STORE_CLOSED_TEXT = 'Temporarily closed';

const DAY_LABELS = WEEKDAYS.map((day) => day[0]!.toUpperCase() + day.slice(1));

/** A store as the API shows it, open or closed at `at` on the shop's wall clock. */
export function storeSummaryOf(tenant: Tenant, store: StoreRow, at: Date): StoreSummary {
  const rows = tenant.hours.filter((row) => row.storeId === store.id);
  const state = openingState(rows, at, tenant.row.config.timeZone, store.specialDays);
  const pause = activePause(store.pause, at);
  // The shop's closed switch closes every store to orders (shop-document.md), whatever its hours:
  // a store under it is not "open till 10 PM" on the menu, nor "ordering from" at checkout.
  const closed = store.isClosed || tenant.row.config.IsShopClosed === 1;
  return {
    id: store.id,
    slug: store.slug,
    name: store.name,
    address_line1: store.addressLine1,
    address_line2: store.addressLine2,
    city: store.city,
    postcode: store.postcode,
    phone: store.phone,
    direction_link: store.directionLink,
    is_closed: closed,
    is_open_now: !closed && state.isOpen,
    status_text: closed ? STORE_CLOSED_TEXT : state.statusText,
    last_order_at: closed || !state.isOpen ? null : lastOrderAt(rows, store, at, tenant),
    opening_hours: DAY_LABELS.map((day, index) => ({
      day,
      hours: describeDay(
        rows
          .filter((row) => row.weekday === index + 1)
          .map((row) => ({ opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) })),
      ),
    })),
    order_types: store.orderTypes,
    preparation_minutes: store.preparationMinutes,
    delivery_zones: store.deliveryZones.map((zone) => ({
      district: zone.district,
      fee: zone.fee,
      minimum_order: zone.minimumOrder,
    })),
    minimum_order: store.minimumOrder,
    accepts_cash: store.acceptsCash,
    menu_id: store.menuId,
    pause: pause
      ? { order_types: pause.orderTypes, until: pause.until, message: pause.message }
      : null,
  };
}

/**
 * The last moment an order can be placed in the opening open at `at`: ASAP and the last slot
 * both need the kitchen to finish by closing (timings.ts), so closing less the preparation time
 * and the busy extra in force, for collection and delivery alike (a delivery's ride is added
 * to both sides).
 */
function lastOrderAt(
  rows: Tenant['hours'],
  store: StoreRow,
  at: Date,
  tenant: Tenant,
): string | null {
  const closes = closesAt(rows, store.specialDays, at, tenant.row.config.timeZone);
  if (!closes) return null;
  const lead = store.preparationMinutes + busyMinutesAt(store, at);
  return new Date(closes.getTime() - lead * 60_000).toISOString();
}

/** product.md §8: loading a store by id shows the server's message, so it says what matters. */
export function storeLoadedMessage(store: StoreSummary): string {
  if (store.is_open_now) return `You are ordering from ${store.name}.`;
  const when =
    store.status_text && store.status_text !== STORE_CLOSED_TEXT ? ` ${store.status_text}.` : '';
  return `${store.name} is closed right now.${when}`;
}
