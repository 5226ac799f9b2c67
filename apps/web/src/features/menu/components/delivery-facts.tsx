import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { StoreSummary } from '@servery/contract/menu';
import { normalisePostcode } from '@servery/contract/postcode';
import { Button } from '../../../components/ui/button.tsx';
import { errorId, Field, Input } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/problem.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { useMoney } from '../../../lib/money.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { rememberedPostcode, rememberPostcode } from '../../../lib/delivery-postcode.ts';
import { useCheckDeliveryQuery, useFirstDeliveryTimeQuery } from '../api.ts';

const BAD_POSTCODE = 'Enter a full UK postcode, such as E1 6RL.';

/**
 * Ordering ahead while a store is closed: said plainly, with when it opens. A store the shop
 * has closed (holiday, refit), or the whole shop closed by its flag, takes no orders at all.
 */
export function ClosedNote({ store }: { store: StoreSummary }) {
  const config = useShopConfig();
  if (config?.IsShopClosed === 1) {
    return (
      <Notice role={undefined} className="mt-2">
        {config.ShopClosedMessage || 'We are not taking orders at the moment.'}
      </Notice>
    );
  }
  if (store.is_open_now) return null;
  return (
    <Notice role={undefined} className="mt-2">
      {store.is_closed
        ? `${store.name} is not taking orders at the moment.`
        : `${store.name} is closed now, but you can order ahead for later.${store.status_text ? ` ${store.status_text}.` : ''}`}
    </Notice>
  );
}

/**
 * Delivery facts before the basket (issue 20): the fee, the minimum order and the time for the
 * customer's postcode, asked of the server (the rule is the one orders are priced by) and
 * remembered for the next visit.
 */
export function DeliveryFacts({ store }: { store: StoreSummary }) {
  const money = useMoney();
  const [postcode, setPostcode] = useState<string | null>(rememberedPostcode);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const check = useCheckDeliveryQuery(postcode ? { storeId: store.id, postcode } : skipToken);
  const closed = !store.is_open_now;
  const first = useFirstDeliveryTimeQuery(postcode && closed ? store.id : skipToken);

  if (!store.order_types.includes('delivery')) {
    return (
      <p className="mt-2 text-sm text-stone-800">
        Collection only from this store
        {store.minimum_order > 0 ? `, minimum order ${money(store.minimum_order)}` : ''}.
      </p>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const normal = normalisePostcode(draft);
    if (!normal) return setProblem(BAD_POSTCODE);
    setProblem(undefined);
    setPostcode(normal);
    rememberPostcode(normal);
  };
  const change = () => {
    setDraft(postcode ?? '');
    setPostcode(null);
    rememberPostcode(null);
  };

  if (postcode) {
    const facts = check.data?.data;
    return (
      <div role="status" className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <p>
          {check.isError
            ? serverMessage(check.error)
            : !facts
              ? `Checking delivery to ${postcode}…`
              : facts.delivers
                ? `Delivery to ${facts.postcode}: ${
                    closed
                      ? `closed now, first delivery ${first.data ?? 'when it opens'}`
                      : `about ${facts.delivery_minutes} min`
                  } · ${money(facts.fee ?? 0)} delivery · ${money(facts.minimum_order ?? 0)} minimum order`
                : `${store.name} does not deliver to ${facts.postcode}. You can collect your order.`}
        </p>
        <Button variant="ghost" className="min-h-9 px-2 text-sm" onClick={change}>
          Change postcode
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-2 flex flex-wrap items-end gap-2">
      <Field id="delivery-postcode" label="Delivering? Your postcode" error={problem}>
        <Input
          id="delivery-postcode"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="postal-code"
          autoCapitalize="characters"
          enterKeyHint="go"
          placeholder="E1 6RL"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId('delivery-postcode') : undefined}
          className="w-36"
        />
      </Field>
      <Button type="submit" variant="outline">
        Check delivery
      </Button>
    </form>
  );
}
