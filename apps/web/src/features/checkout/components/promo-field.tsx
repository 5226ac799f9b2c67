import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MoneyFormatter } from '../../../lib/money.ts';
import type { PromoCheckState } from '../use-promo-check.ts';
import { Button, LINK_CLASS } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input, LABEL_CLASS } from '../../../components/ui/input.tsx';
import { describedBy } from './field-message.tsx';

interface PromoFieldProps {
  /** What the server said of the applied code (use-promo-check.ts). */
  check: PromoCheckState;
  /** What the code takes off the basket as it is now (pricing.ts promoDiscount). */
  discount: number;
  /** Apply a code (upper case, as the server reads it); the same code again asks again. */
  onApply: (code: string) => void;
  onRemove: () => void;
  onRecheck: () => void;
  /** Why the code cannot be used: the server's refusal, or the basket under its minimum. */
  error?: string | null;
  money: MoneyFormatter;
}

/**
 * A promo code. Apply asks the server (POST /api/promos/check), which applies every rule the
 * order will: the field shows what the code saves, or the server's refusal, before paying.
 */
export function PromoField({
  check,
  discount,
  onApply,
  onRemove,
  onRecheck,
  error,
  money,
}: PromoFieldProps) {
  const applied = check.status === 'none' ? null : check.code;
  const [text, setText] = useState(applied ?? '');
  const apply = () => {
    const code = text.trim().toUpperCase();
    if (code) onApply(code);
  };

  return (
    // A code has up to 40 letters and no space: any line that names it wraps inside a phone's
    // width (walk item 22) rather than push the page sideways.
    <section aria-labelledby="promo-title" data-field="promo_code" className="wrap-anywhere">
      <h2 id="promo-title" className="text-xl font-semibold">
        Promo code
      </h2>
      <label htmlFor="promo-code" className={`${LABEL_CLASS} mt-2`}>
        Code (optional)
      </label>
      <div className="flex gap-2">
        <Input
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
          className="min-w-0 uppercase"
        />
        <Button variant="outline" onClick={apply} className="mt-1 shrink-0">
          Apply
        </Button>
      </div>
      {applied ? (
        <div
          id="promo-state"
          className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm"
          data-testid="promo-state"
        >
          <p role="status">{stateText(check, discount, money)}</p>
          {check.status === 'unchecked' ? (
            <button type="button" onClick={onRecheck} className={LINK_CLASS}>
              Check again
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              setText('');
              onRemove();
            }}
            className={LINK_CLASS}
            aria-label={`Remove code ${applied}`}
          >
            Remove
          </button>
        </div>
      ) : (
        <p className="mt-2 text-sm">
          <Link to="/promo" className={LINK_CLASS}>
            See today’s offers
          </Link>
        </p>
      )}
      <FieldError id="promo-error" message={error} />
    </section>
  );
}

function stateText(check: PromoCheckState, discount: number, money: MoneyFormatter): ReactNode {
  const code = check.status === 'none' ? null : <span className="font-semibold">{check.code}</span>;
  switch (check.status) {
    case 'none':
      return null;
    case 'checking':
      return <>Checking {code}…</>;
    case 'valid':
      return (
        <>
          {code}: {check.promo.description}
          {discount > 0 ? <> — saves {money(discount)}</> : null}
        </>
      );
    case 'refused':
      return <>{code} is not applied.</>;
    case 'unchecked':
      return (
        <>
          We could not check {code}
          {check.message ? <>: {check.message}</> : ' just now.'} It will be checked when you place
          your order.
        </>
      );
  }
}
