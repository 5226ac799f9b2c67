import { dateFormat } from '@servery/contract/clock';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { LINK_CLASS } from '../../../components/ui/button.tsx';
import { StoreStatus } from './store-status.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  delivery: 'Delivery',
  collection: 'Collection',
};

export function storeAddress(store: StoreSummary): string {
  return [store.address_line1, store.address_line2, store.city, store.postcode]
    .filter(Boolean)
    .join(', ');
}

export function StoreAddress({ store }: { store: StoreSummary }) {
  return (
    <address className="not-italic">
      {storeAddress(store)}{' '}
      <a href={store.direction_link} className={LINK_CLASS} target="_blank" rel="noreferrer">
        Directions<span className="sr-only"> to {store.name} (opens in a new tab)</span>
      </a>
    </address>
  );
}

export function StorePhone({ store }: { store: StoreSummary }) {
  return (
    <a href={telHref(store.phone)} className={LINK_CLASS}>
      <span className="sr-only">Call {store.name} on </span>
      {formatPhone(store.phone)}
    </a>
  );
}

export function orderTypesText(store: StoreSummary): string {
  return store.order_types.map((t) => ORDER_TYPE_LABELS[t]).join(' and ');
}

/** The week, Monday first, one line a day; today marked. */
export function StoreHours({ store }: { store: StoreSummary }) {
  // Today on the shop's clock, as the server reads the hours.
  const timeZone = useShopConfig()?.timeZone;
  const today = dateFormat({ weekday: 'long', timeZone }).format(new Date());
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {store.opening_hours.map((row) => (
        <div key={row.day} className={`contents ${row.day === today ? 'font-semibold' : ''}`}>
          <dt>
            {row.day}
            {row.day === today ? <span className="sr-only"> (today)</span> : null}
          </dt>
          <dd>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Preparation time, the collection minimum and each delivery zone's fee and minimum. */
export function StoreOrderingFacts({
  store,
  money,
}: {
  store: StoreSummary;
  money: MoneyFormatter;
}) {
  const delivers = store.order_types.includes('delivery');
  const collects = store.order_types.includes('collection');
  return (
    <dl className="grid gap-1 text-sm">
      <div>
        <dt className="inline font-semibold">Order types: </dt>
        <dd className="inline">{orderTypesText(store)}</dd>
      </div>
      <div>
        <dt className="inline font-semibold">Preparation time: </dt>
        <dd className="inline">about {store.preparation_minutes} minutes</dd>
      </div>
      {collects ? (
        <div>
          <dt className="inline font-semibold">Minimum order for collection: </dt>
          <dd className="inline">
            {store.minimum_order > 0 ? money(store.minimum_order) : 'none'}
          </dd>
        </div>
      ) : null}
      {delivers && store.delivery_zones.length > 0 ? (
        <div>
          <dt className="font-semibold">Delivery areas:</dt>
          <dd>
            <ul className="mt-1 grid gap-0.5">
              {store.delivery_zones.map((zone) => (
                <li key={zone.district}>
                  {zone.district}: fee {money(zone.fee)}, minimum order{' '}
                  {zone.minimum_order > 0 ? money(zone.minimum_order) : 'none'}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Everything a customer weighs when choosing a store: open now, where, phone, terms, hours. */
export function StoreDetails({ store, money }: { store: StoreSummary; money: MoneyFormatter }) {
  return (
    <>
      <StoreStatus store={store} />
      <StoreAddress store={store} />
      <p>
        Phone: <StorePhone store={store} />
      </p>
      <StoreOrderingFacts store={store} money={money} />
      <div>
        <h3 className="font-semibold">Opening hours</h3>
        <div className="mt-1">
          <StoreHours store={store} />
        </div>
      </div>
    </>
  );
}
