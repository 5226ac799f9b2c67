import type { ReactNode } from 'react';
import type { Address } from '@servery/contract/address';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { zoneFor } from '../checkout-quote.ts';
import { FieldProblem, describedBy } from './field-message.tsx';
import { CHOICE, LINK, OUTLINE, RADIO } from './styles.ts';

export function OrderTypeField({
  store,
  value,
  onChange,
  error,
}: {
  store: StoreSummary;
  value: OrderType;
  onChange: (type: OrderType) => void;
  error?: string | null;
}) {
  const offers = (type: OrderType) => store.order_types.includes(type);
  return (
    <fieldset aria-describedby={describedBy(error && 'order-type-error')}>
      <legend className="text-xl font-semibold">Delivery or collection</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {offers('delivery') ? (
          <label className={CHOICE}>
            <input
              type="radio"
              name="order_type"
              className={RADIO}
              checked={value === 'delivery'}
              onChange={() => onChange('delivery')}
            />
            <span>
              <span className="block font-semibold">Delivery</span>
              <span className="block text-sm text-stone-700">To your door</span>
            </span>
          </label>
        ) : null}
        {offers('collection') ? (
          <label className={CHOICE}>
            <input
              type="radio"
              name="order_type"
              className={RADIO}
              checked={value === 'collection'}
              onChange={() => onChange('collection')}
            />
            <span>
              <span className="block font-semibold">Collection</span>
              <span className="block text-sm text-stone-700">From {store.name}</span>
            </span>
          </label>
        ) : null}
      </div>
      {offers('delivery') ? null : (
        <p className="mt-2 text-sm text-stone-700">{store.name} offers collection only.</p>
      )}
      <FieldProblem id="order-type-error" message={error} />
    </fieldset>
  );
}

/** Where the store delivers, and what each area costs. */
function ZoneList({ store, money }: { store: StoreSummary; money: MoneyFormatter }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium">Where {store.name} delivers</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {store.delivery_zones.map((zone) => (
          <li key={zone.district}>
            <span className="font-semibold">{zone.district}</span>: delivery {money(zone.fee)},
            minimum order {money(zone.minimum_order)}
          </li>
        ))}
      </ul>
    </details>
  );
}

interface AddressFieldProps {
  store: StoreSummary;
  addresses: Address[] | undefined;
  loadFailed: boolean;
  onRetry: () => void;
  selectedId: string | null;
  onSelect: (address: Address) => void;
  /** The address just added: its choice takes focus when it appears. */
  focus: { id: string | null; ref: (radio: HTMLInputElement | null) => void };
  adding: boolean;
  onAdd: () => void;
  /** The address form (the account feature's), shown while adding. */
  form: ReactNode;
  error?: string | null;
  money: MoneyFormatter;
}

/** The saved addresses to deliver to, each with its zone's fee and minimum, or why not. */
export function AddressField({
  store,
  addresses,
  loadFailed,
  onRetry,
  selectedId,
  onSelect,
  focus,
  adding,
  onAdd,
  form,
  error,
  money,
}: AddressFieldProps) {
  return (
    <fieldset aria-describedby={describedBy(error && 'address-error')}>
      <legend className="text-xl font-semibold">Delivery address</legend>
      {loadFailed ? (
        <div role="alert" className="mt-2">
          <p>Your saved addresses could not be loaded.</p>
          <button type="button" onClick={onRetry} className={`${OUTLINE} mt-2`}>
            Try again
          </button>
        </div>
      ) : !addresses ? (
        <p className="mt-2 text-stone-700">Loading your addresses…</p>
      ) : (
        <div className="mt-3 space-y-2">
          {addresses.map((address) => {
            const zone = zoneFor(store, address.district);
            return (
              <label key={address.id} className={CHOICE} data-testid="address-choice">
                <input
                  id={`address-choice-${address.id}`}
                  ref={address.id === focus.id ? focus.ref : undefined}
                  type="radio"
                  name="address_id"
                  className={RADIO}
                  checked={selectedId === address.id}
                  onChange={() => onSelect(address)}
                  aria-describedby={`address-${address.id}-zone`}
                />
                <span className="min-w-0">
                  <span className="block font-semibold">
                    {address.label || address.address_line1}
                  </span>
                  <span className="block text-sm text-stone-800">
                    {[address.address_line1, address.address_line2, address.city]
                      .filter(Boolean)
                      .join(', ')}{' '}
                    {address.postcode}
                  </span>
                  <span
                    id={`address-${address.id}-zone`}
                    className={`block text-sm ${zone ? 'text-stone-700' : 'font-medium text-red-800'}`}
                  >
                    {zone
                      ? `Delivery ${money(zone.fee)} · minimum order ${money(zone.minimum_order)}`
                      : `${store.name} does not deliver to ${address.district}.`}
                  </span>
                </span>
              </label>
            );
          })}
          {addresses.length === 0 && !adding ? (
            <p className="text-stone-700">You have no saved addresses yet.</p>
          ) : null}
        </div>
      )}
      <FieldProblem id="address-error" message={error} />
      {adding ? (
        <div className="mt-3 rounded-xl border border-stone-300 p-4">{form}</div>
      ) : addresses ? (
        <button type="button" onClick={onAdd} className={`${OUTLINE} mt-3`}>
          Add a new address
        </button>
      ) : null}
      <ZoneList store={store} money={money} />
    </fieldset>
  );
}

/** Where to collect from. */
export function CollectionStore({ store }: { store: StoreSummary }) {
  return (
    <section aria-labelledby="collect-title">
      <h2 id="collect-title" className="text-xl font-semibold">
        Collect from
      </h2>
      <p className="mt-2 font-semibold">{store.name}</p>
      <p className="text-stone-800">
        {[store.address_line1, store.address_line2, store.city].filter(Boolean).join(', ')}{' '}
        {store.postcode}
      </p>
      <p className="mt-1 text-sm">
        <a href={store.direction_link} className={LINK}>
          Directions
        </a>
        {' · '}
        <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`} className={LINK}>
          {store.phone}
        </a>
      </p>
    </section>
  );
}
