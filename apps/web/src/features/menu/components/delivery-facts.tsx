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
import { useShopTimeZone } from '../../../lib/shop-time.ts';
import { pausedWays, pauseText } from '../../../lib/store-pause.ts';
import { rememberedPostcode, rememberPostcode } from '../../../lib/delivery-postcode.ts';
import type { DeliveryCheck } from '@servery/contract/api-responses';
import { useCheckDeliveryQuery } from '../api.ts';

const BAD_POSTCODE = 'Enter a full UK postcode, such as E1 6RL.';

/**
 * A store or shop that takes no orders at all (holiday, refit, the shop's flag), said plainly.
 * A store that is only closed for now says so in its facts line (store-facts-line.tsx): ordering
 * ahead works, and one line keeps the dishes on the first screen of a phone (issue 30). A way
 * of ordering paused from the Service screen is said here once, in the words the checkout uses
 * (lib/store-pause.ts), with when it comes back.
 */
export function ClosedNote({ store }: { store: StoreSummary }) {
  const config = useShopConfig();
  const timeZone = useShopTimeZone();
  if (config?.IsShopClosed === 1) {
    return (
      <Notice role={undefined} className="mt-2">
        {config.ShopClosedMessage || 'We are not taking orders at the moment.'}
      </Notice>
    );
  }
  if (store.is_closed) {
    return (
      <Notice role={undefined} className="mt-2">
        {`${store.name} is not taking orders at the moment.`}
      </Notice>
    );
  }
  const now = new Date();
  const ways = pausedWays(store, now);
  if (!store.pause || !ways.length) return null;
  return (
    <Notice role={undefined} className="mt-2" data-testid="pause-note">
      {pauseText({ ...store.pause, ways }, timeZone, now)}
    </Notice>
  );
}

/**
 * When a delivery comes: minutes while open; while closed, when the store opens and its first
 * delivery slot (issue 30: "Opens at 11:30 AM · first delivery about 12:15 PM").
 */
export function deliveryWhen(store: StoreSummary, facts: DeliveryCheck): string | null {
  // Paused: the note above says until when; no time is promised here that the pause belies.
  if (pausedWays(store, new Date()).includes('delivery')) return null;
  if (store.is_open_now) return `about ${facts.delivery_minutes} min`;
  const first = facts.first_delivery;
  const firstText = !first
    ? 'no delivery times left in the coming days'
    : first.day === 'Today'
      ? `first delivery about ${first.time}`
      : `first delivery ${first.day}, about ${first.time}`;
  return store.status_text ? `${store.status_text} · ${firstText}` : firstText;
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
                ? `Delivery to ${facts.postcode}: ${[
                    deliveryWhen(store, facts),
                    `${money(facts.fee ?? 0)} delivery`,
                    `${money(facts.minimum_order ?? 0)} minimum order`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}`
                : `${store.name} does not deliver to ${facts.postcode}. You can collect your order.`}
        </p>
        <Button variant="ghost" className="min-h-9 px-2 text-sm" onClick={change}>
          Change postcode
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-2 flex items-start gap-2">
      <Field
        id="delivery-postcode"
        label="Delivering? Your postcode"
        error={problem}
        className="min-w-0 flex-1 sm:max-w-60"
      >
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
        />
      </Field>
      {/* Beside the box, level with it under the label: one row on a phone (issue 30). */}
      <Button type="submit" variant="outline" className="mt-6 shrink-0">
        Check delivery
      </Button>
    </form>
  );
}
