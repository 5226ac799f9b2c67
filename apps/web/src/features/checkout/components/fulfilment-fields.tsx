import type { ReactNode } from 'react';
import type { Address } from '@servery/contract/address';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { zoneFor } from '../checkout-quote.ts';
import { Button, LINK_CLASS } from '../../../components/ui/button.tsx';
import { Choice } from '../../../components/ui/choice.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { describedBy } from './field-message.tsx';
import { formatPhone, telHref } from '@servery/contract/phone-format';

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
    <fieldset aria-describedby={describedBy(error && 'order-type-error')} data-field="order_type">
      <legend className="text-xl font-semibold">Delivery or collection</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {offers('delivery') ? (
          <Choice
            name="order_type"
            checked={value === 'delivery'}
            onChange={() => onChange('delivery')}
          >
            <span className="block font-semibold">Delivery</span>
            <span className="block text-sm text-stone-700">To your door</span>
          </Choice>
        ) : null}
        {offers('collection') ? (
          <Choice
            name="order_type"
            checked={value === 'collection'}
            onChange={() => onChange('collection')}
          >
            <span className="block font-semibold">Collection</span>
            <span className="block text-sm text-stone-700">From {store.name}</span>
          </Choice>
        ) : null}
      </div>
      {offers('delivery') ? null : (
        <p className="mt-2 text-sm text-stone-700">{store.name} offers collection only.</p>
      )}
      <FieldError id="order-type-error" message={error} />
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
    <fieldset aria-describedby={describedBy(error && 'address-error')} data-field="address_id">
      <legend className="text-xl font-semibold">Delivery address</legend>
      {loadFailed ? (
        <div role="alert" className="mt-2">
          <p>Your saved addresses could not be loaded.</p>
          <Button variant="outline" onClick={onRetry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : !addresses ? (
        // One address's place and the button's, so the cards below do not move when the saved
        // addresses arrive (a layout shift on a phone, docs/decisions/0048).
        <div className="mt-3" aria-busy="true">
          <p className="flex min-h-[5.625rem] items-center rounded-xl border border-stone-300 p-3 text-stone-700">
            Loading your addresses…
          </p>
          <div
            aria-hidden="true"
            className="mt-3 h-11 w-48 animate-pulse rounded-lg bg-stone-100"
          />
        </div>
      ) : (
        <div className="mt-3 space-y-2">
          {addresses.map((address) => {
            const zone = zoneFor(store, address.district);
            return (
              <div key={address.id} data-testid="address-choice">
                <Choice
                  id={`address-choice-${address.id}`}
                  ref={address.id === focus.id ? focus.ref : undefined}
                  name="address_id"
                  checked={selectedId === address.id}
                  onChange={() => onSelect(address)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(
                    `address-${address.id}-zone`,
                    error && 'address-error',
                  )}
                >
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
                </Choice>
              </div>
            );
          })}
          {addresses.length === 0 && !adding ? (
            <p className="text-stone-700">You have no saved addresses yet.</p>
          ) : null}
        </div>
      )}
      <FieldError id="address-error" message={error} />
      {adding ? (
        <div className="mt-3 rounded-xl border border-stone-300 p-4">{form}</div>
      ) : addresses ? (
        <Button variant="outline" onClick={onAdd} className="mt-3">
          Add a new address
        </Button>
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
        <a href={store.direction_link} className={LINK_CLASS}>
          Directions
        </a>
        {' · '}
        <a href={telHref(store.phone)} className={LINK_CLASS}>
          {formatPhone(store.phone)}
        </a>
      </p>
    </section>
  );
}
