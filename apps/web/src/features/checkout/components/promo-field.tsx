import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicPromo } from '@servery/contract/promo';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { FieldProblem, describedBy } from './field-message.tsx';
import { INPUT, LINK, OUTLINE } from './styles.ts';

interface PromoFieldProps {
  /** The code applied, as the server will read it (upper case). */
  applied: string | null;
  /** The public code it is, when it is one: its effect is shown before paying. */
  promo: PublicPromo | null;
  discount: number;
  onApply: (code: string) => void;
  onRemove: () => void;
  error?: string | null;
  money: MoneyFormatter;
}

/**
 * A promo code. The server applies it when the order is placed; a public code's discount is
 * shown here first (pricing.ts promoDiscount), and a refusal is the server's message.
 */
export function PromoField({
  applied,
  promo,
  discount,
  onApply,
  onRemove,
  error,
  money,
}: PromoFieldProps) {
  const [text, setText] = useState(applied ?? '');
  const apply = () => {
    const code = text.trim().toUpperCase();
    if (code) onApply(code);
  };

  return (
    <section aria-labelledby="promo-title">
      <h2 id="promo-title" className="text-xl font-semibold">
        Promo code
      </h2>
      <label htmlFor="promo-code" className="mt-2 block text-sm font-medium">
        Code (optional)
      </label>
      <div className="flex gap-2">
        <input
          id="promo-code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(applied && 'promo-state', error && 'promo-error')}
          className={`${INPUT} uppercase`}
        />
        <button type="button" onClick={apply} className={`${OUTLINE} mt-1 shrink-0`}>
          Apply
        </button>
      </div>
      {applied ? (
        <div id="promo-state" className="mt-2 flex flex-wrap items-baseline gap-x-3 text-sm">
          <p role="status">
            {promo ? (
              <>
                <span className="font-semibold">{promo.code}</span>: {promo.description}
                {discount > 0 ? <> — saves {money(discount)}</> : null}
              </>
            ) : (
              <>
                <span className="font-semibold">{applied}</span> is checked when you place your
                order.
              </>
            )}
          </p>
          <button
            type="button"
            onClick={() => {
              setText('');
              onRemove();
            }}
            className={LINK}
            aria-label={`Remove code ${applied}`}
          >
            Remove
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm">
          <Link to="/promo" className={LINK}>
            See today’s offers
          </Link>
        </p>
      )}
      <FieldProblem id="promo-error" message={error} />
    </section>
  );
}
