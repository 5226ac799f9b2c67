import type { StoreSummary } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';

/** Delivery areas grouped by their minimum order, lowest first: "£15.00: E1, E2". */
export function zonesByMinimum(store: StoreSummary): { minimum: number; districts: string[] }[] {
  const groups = new Map<number, string[]>();
  for (const zone of store.delivery_zones) {
    groups.set(zone.minimum_order, [...(groups.get(zone.minimum_order) ?? []), zone.district]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minimum, districts]) => ({ minimum, districts }));
}

function Gap({
  minimum,
  subtotal,
  money,
}: {
  minimum: number;
  subtotal: number;
  money: MoneyFormatter;
}) {
  if (minimum <= 0) return <>no minimum</>;
  if (subtotal >= minimum) return <>minimum {money(minimum)}, reached</>;
  return (
    <>
      minimum {money(minimum)}: add <strong>{money(minimum - subtotal)}</strong> more
    </>
  );
}

/** The store's minimum order for collection and for each delivery area, and how far off it is. */
export function MinimumOrder({
  store,
  subtotal,
  money,
}: {
  store: StoreSummary;
  subtotal: number;
  money: MoneyFormatter;
}) {
  const collects = store.order_types.includes('collection');
  const zones = store.order_types.includes('delivery') ? zonesByMinimum(store) : [];
  if (!collects && zones.length === 0) return null;
  return (
    <div className="mt-4 border-t border-stone-200 pt-4 text-sm" data-testid="minimum-order">
      <h3 className="font-semibold">Minimum order</h3>
      <ul className="mt-1 space-y-1">
        {collects ? (
          <li>
            Collection: <Gap minimum={store.minimum_order} subtotal={subtotal} money={money} />
          </li>
        ) : null}
        {zones.map((group) => (
          <li key={group.minimum}>
            Delivery to {group.districts.join(', ')}:{' '}
            <Gap minimum={group.minimum} subtotal={subtotal} money={money} />
          </li>
        ))}
      </ul>
    </div>
  );
}
