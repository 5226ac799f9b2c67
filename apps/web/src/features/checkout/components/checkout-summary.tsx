import { Link } from 'react-router';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { LINK_CLASS } from '../../../components/ui/button.tsx';
import { LineSummary } from '../../../components/ui/line-summary.tsx';
import { Notice, Problem } from '../../../components/ui/problem.tsx';
import type { CheckoutQuote } from '../checkout-quote.ts';

interface CheckoutSummaryProps {
  quote: CheckoutQuote;
  orderType: 'delivery' | 'collection';
  promoCode: string | null;
  /** Server errors on lines (`lines.N`), by index. */
  lineErrors: Record<number, string>;
  onRemoveLine: (id: string) => void;
  money: MoneyFormatter;
}

/** The basket as it will be ordered, and the breakdown (pricing.ts orderTotals). */
export function CheckoutSummary({
  quote,
  orderType,
  promoCode,
  lineErrors,
  onRemoveLine,
  money,
}: CheckoutSummaryProps) {
  const { totals } = quote;
  const changed = quote.lines.filter((line) => line.was !== null && !line.problem);
  return (
    <section aria-labelledby="summary-title">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="summary-title" tabIndex={-1} className="text-xl font-semibold outline-offset-4">
          Your order
        </h2>
        <Link to="/cart" className={`${LINK_CLASS} text-sm`}>
          Edit basket
        </Link>
      </div>
      {changed.length ? (
        <Notice className="mt-3" data-testid="price-changes">
          <p className="font-semibold">Prices have changed since you added these dishes:</p>
          <ul className="mt-1 list-disc pl-5">
            {changed.map(({ line, was, unit_price }) => (
              <li key={line.id}>
                {line.name}: was {money(was!)}, now {money(unit_price)}
              </li>
            ))}
          </ul>
          <p className="mt-1">The total below uses today’s prices.</p>
        </Notice>
      ) : null}
      <ul className="mt-3 divide-y divide-stone-200" data-testid="checkout-lines">
        {quote.lines.map(({ line, line_total, problem }, index) => {
          const message = lineErrors[index] ?? problem;
          return (
            <li key={line.id} className="py-3" data-testid="checkout-line">
              <LineSummary line={line} total={money(line_total)} />
              {message ? (
                <Problem role={undefined} className="mt-2 flex flex-wrap items-center gap-x-3">
                  <p id={`line-${index}-problem`}>{message}</p>
                  <button
                    type="button"
                    className="font-semibold underline underline-offset-2"
                    onClick={() => onRemoveLine(line.id)}
                    aria-label={`Remove ${line.name} from your basket`}
                  >
                    Remove
                  </button>
                </Problem>
              ) : null}
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-stone-200 pt-3" data-testid="checkout-totals">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="total-subtotal">{money(totals.subtotal)}</dd>
        </div>
        {orderType === 'delivery' ? (
          <div className="flex justify-between">
            <dt>Delivery</dt>
            <dd data-testid="total-delivery">
              {quote.zone ? money(totals.delivery_fee) : 'Choose an address'}
            </dd>
          </div>
        ) : null}
        {totals.discount > 0 ? (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt className="min-w-0 wrap-anywhere">Discount ({promoCode})</dt>
            <dd className="shrink-0" data-testid="total-discount">
              {money(-totals.discount)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between pt-1 text-lg font-bold">
          <dt>Total</dt>
          <dd data-testid="total-total">{money(totals.total)}</dd>
        </div>
        <div className="flex justify-between text-sm text-stone-700">
          <dt>Includes VAT</dt>
          <dd data-testid="total-vat">{money(totals.vat)}</dd>
        </div>
      </dl>
    </section>
  );
}
