import type { OrderRequest } from '@servery/contract/order';
import { activePause } from '@servery/contract/service';
import type { Tenant } from '../../tenants/tenants.repository.ts';
import { rule } from './rule.ts';

export type OrderStore = Tenant['stores'][number];

/**
 * Step 1, the store: the shop takes orders, the store exists, is open for orders, offers this
 * kind of order and has not paused it from the Service screen (issue 15: the shop's own words).
 */
export function checkStore(
  tenant: Pick<Tenant, 'row' | 'stores'>,
  body: Pick<OrderRequest, 'store_id' | 'order_type'>,
  at: Date,
): OrderStore {
  const config = tenant.row.config;
  if (config.IsShopClosed === 1) throw rule('store_id', config.ShopClosedMessage);
  const store = tenant.stores.find((s) => s.id === body.store_id);
  if (!store) throw rule('store_id', 'We could not find that store.');
  if (store.isClosed) throw rule('store_id', `${store.name} is not taking orders at the moment.`);
  if (!store.orderTypes.includes(body.order_type)) {
    throw rule('order_type', `${store.name} does not offer ${body.order_type}.`);
  }
  const pause = activePause(store.pause, at, body.order_type);
  if (pause) throw rule('order_type', pause.message);
  return store;
}

/** The last check, how it is paid: cash only where the store takes it. */
export function checkPaymentMethod(
  store: Pick<OrderStore, 'name' | 'acceptsCash'>,
  method: OrderRequest['payment_method'],
) {
  if (method === 'cash' && !store.acceptsCash) {
    throw rule('payment_method', `${store.name} takes card payments only.`);
  }
}
