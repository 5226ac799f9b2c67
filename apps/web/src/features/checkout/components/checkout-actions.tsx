import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import type { MoneyFormatter } from '../../../lib/money.ts';
import type { CheckoutFormState } from '../use-checkout-form.ts';
import { chosenTimeText } from '../when-text.ts';

/**
 * What stands between the customer and ordering, and the button: pinned to the bottom of the
 * screen on phones, so it is always in reach (issue 20).
 */
export function CheckoutActions({
  checkout,
  money,
}: {
  checkout: CheckoutFormState;
  money: MoneyFormatter;
}) {
  const { problems, catalogue, values, announcement } = checkout;
  const total = checkout.quote?.totals.total ?? 0;
  const cash = values.paymentMethod === 'cash';
  const times = checkout.timings.currentData;
  const chosen = chosenTimeText(values.when, times);
  // A store closed now, or closing too soon for a new order, takes the order for its next time:
  // said where the button is (issue 30).
  const closedNow = chosen !== null && times !== undefined && !times.asap.available;
  return (
    <>
      {problems.length ? (
        <Problem
          id="checkout-problems"
          tabIndex={-1}
          role={checkout.tried ? 'alert' : undefined}
          className="mt-4 scroll-mb-44 outline-offset-2 lg:scroll-mb-0"
          data-testid="checkout-problems"
        >
          <p className="font-semibold">Before you can order:</p>
          {/* A problem may name a 40-letter promo code: it wraps within a phone's width. */}
          <ul className="mt-1 list-disc pl-5 wrap-anywhere">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {catalogue.isError ? (
            <Button variant="outline" onClick={() => void catalogue.refetch()} className="mt-2">
              Try again
            </Button>
          ) : null}
        </Problem>
      ) : null}
      {/* A blocked attempt says what is wrong where focus went (read again on each attempt). */}
      <p key={announcement.count} role="alert" className="sr-only">
        {announcement.text}
      </p>
      <ActionBar className="lg:mt-4">
        {chosen ? (
          <p className="mb-2 text-center text-sm" data-testid="chosen-time">
            {closedNow ? (
              <span className="block font-medium text-amber-900">
                {checkout.closingSoon
                  ? `${checkout.closingSoon}.`
                  : `${checkout.storeName} is closed now.`}
              </span>
            ) : null}
            <span className="block">
              {values.orderType === 'delivery' ? 'Delivery' : 'Collection'}:{' '}
              <span className="font-semibold">{chosen}</span>
            </span>
          </p>
        ) : null}
        <Button
          onClick={() => void checkout.placeOrder()}
          aria-disabled={checkout.busy || !checkout.ready}
          aria-busy={checkout.busy}
          className="w-full text-lg aria-disabled:opacity-60"
        >
          {cash ? `Place order · ${money(total)}` : `Continue to payment · ${money(total)}`}
        </Button>
        <p className="mt-1 text-center text-sm text-stone-700 lg:mt-2">
          {cash
            ? `You pay ${money(total)} in cash on ${values.orderType}.`
            : 'You will enter your card on the next page.'}
        </p>
      </ActionBar>
    </>
  );
}
