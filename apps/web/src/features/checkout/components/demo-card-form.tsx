import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CARD_EXPIRED_MESSAGE,
  DEMO_CARDS,
  ZDemoCardRequest,
  cardExpired,
  type Order,
} from '@servery/contract/order';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input, LABEL_CLASS } from '../../../components/ui/input.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import { refusedWith } from '@servery/contract/error-codes';
import { serverMessage } from '../../../lib/api.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import type { MoneyFormatter } from '../../../lib/money.ts';
import { useConfirmDemoPaymentMutation, type DemoCardBody } from '../api.ts';
import {
  FORMATS,
  formatExpiry,
  grouped,
  nextCardField,
  reformat,
  type CardField,
} from './card-typing.ts';
import { describedBy } from './field-message.tsx';
import { SaveCardChoice } from './save-card-choice.tsx';
import { formResolver } from '../../../lib/plain-words.ts';

type CardInput = z.input<typeof ZDemoCardRequest>;
type CardOutput = z.output<typeof ZDemoCardRequest>;
const CARD_FIELDS: readonly CardField[] = ['card_number', 'expiry', 'cvc'];

const TEST_CARDS = [
  { number: DEMO_CARDS.succeeds, outcome: 'pays' },
  { number: DEMO_CARDS.declined, outcome: 'is declined' },
  { number: DEMO_CARDS.requiresAction, outcome: 'asks your bank to confirm (3-D Secure)' },
];

interface DemoCardFormProps {
  order: Order;
  money: MoneyFormatter;
  /** The provider took the payment: the page confirms it with the server. */
  onPaid: (message: string) => void;
}

/**
 * The demo provider's test-mode card form (architecture.md "Payment"): its cards behave as Stripe's
 * test cards, including a declined card and the 3-D Secure step, which shows as a modal.
 */
export function DemoCardForm({ order, money, onPaid }: DemoCardFormProps) {
  const [confirm, { isLoading }] = useConfirmDemoPaymentMutation();
  const [declined, setDeclined] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<DemoCardBody | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const form = useForm<CardInput, unknown, CardOutput>({
    // An expiry given as "1230" (pasted or filled in) is read as 12/30: the server gets MM/YY.
    resolver: async (values, context, options) => {
      const expiry = formatExpiry(values.expiry);
      const result = await formResolver(ZDemoCardRequest)({ ...values, expiry }, context, options);
      // A passed month is said as such, whatever else is missing (issue 30), never as "enter".
      if (/^\d{2}\/\d{2}$/.test(expiry) && cardExpired(expiry, new Date())) {
        return {
          values: {},
          errors: { ...result.errors, expiry: { type: 'expired', message: CARD_EXPIRED_MESSAGE } },
        };
      }
      return result;
    },
    defaultValues: { card_number: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;

  const pay = async (card: DemoCardBody) => {
    setDeclined(null);
    const result = await confirm({ orderId: order.id, card });
    if ('error' in result) {
      // A decline (422) is said above the fields; a card field's error goes on the field.
      if (refusedWith(result.error, 'payment_declined')) {
        setDeclined(serverMessage(result.error));
        form.setFocus('card_number');
        return;
      }
      const placed = applyServerErrors(result.error, form.setError, {
        fields: CARD_FIELDS,
        toast: 'unplaced',
      });
      if (placed.rule) toast.error(placed.rule);
      return;
    }
    if (result.data.data.payment.status === 'requires_action') setChallenge(card);
    else onPaid(result.data.message);
  };

  const handleSubmit = form.handleSubmit((values) => {
    // The server refuses it too; saying so here spares a round trip (issue 20).
    if (cardExpired(values.expiry, new Date())) {
      form.setError('expiry', { message: CARD_EXPIRED_MESSAGE }, { shouldFocus: true });
      return;
    }
    const card = { card_number: values.card_number, expiry: values.expiry, cvc: values.cvc };
    return pay(saveCard ? { ...card, save_card: true } : card);
  });

  const answer = (authenticate: 'approve' | 'fail') => {
    const card = challenge;
    setChallenge(null);
    if (card) void pay({ ...card, authenticate });
  };

  const field = (
    name: CardField,
    label: string,
    props: {
      autoComplete: string;
      placeholder?: string;
      hint?: string;
      /** Another field's hint that tells of this one too. */
      sharedHint?: string;
      className?: string;
    },
  ) => {
    const id = `card-${name}`;
    const registered = form.register(name);
    const format = FORMATS[name];
    return (
      <div className={props.className}>
        <label htmlFor={id} className={LABEL_CLASS}>
          {label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            {props.hint}
          </p>
        ) : null}
        <Input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={describedBy(
            props.hint && `${id}-hint`,
            props.sharedHint,
            errors[name] && `${id}-error`,
          )}
          {...registered}
          onChange={(event) => {
            const input = event.target;
            if (format) reformat(input, format);
            const next = nextCardField(name, input.value);
            // Typed to the end and complete: the caret goes on to the next field, at once (the
            // form's setFocus waits a timer, and a key typed meanwhile would land here).
            if (next && input.selectionStart === input.value.length) {
              document.getElementById(`card-${next}`)?.focus();
            }
            return registered.onChange(event);
          }}
        />
        <FieldError id={`${id}-error`} message={errors[name]?.message} />
      </div>
    );
  };

  return (
    <div>
      <div
        className="rounded-xl border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
        data-testid="test-mode"
      >
        <p className="flex flex-wrap items-center gap-2">
          <span className="rounded-md bg-amber-700 px-2 py-0.5 text-sm font-bold tracking-wide text-white uppercase">
            Test mode
          </span>
          <span className="font-semibold">No real card is charged and no money is taken.</span>
        </p>
        <p className="mt-2 text-sm">
          Use one of these test cards, any future expiry date and any 3-digit CVC:
        </p>
        <ul className="mt-2 space-y-1 text-sm">
          {TEST_CARDS.map((card) => (
            <li key={card.number} className="flex flex-wrap items-center gap-x-2">
              <span className="font-mono font-semibold">{grouped(card.number)}</span>
              <span>{card.outcome}</span>
              <button
                type="button"
                className="underline underline-offset-2"
                aria-label={`Use the test card ${grouped(card.number)}`}
                onClick={() =>
                  form.setValue('card_number', grouped(card.number), { shouldValidate: false })
                }
              >
                Use
              </button>
            </li>
          ))}
        </ul>
      </div>

      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="mt-5">
        <ErrorSummary
          id="card-error-summary"
          errors={CARD_FIELDS.flatMap((name) => {
            const message = errors[name]?.message;
            return message ? [{ id: `card-${name}`, message }] : [];
          })}
        />
        {declined ? (
          <Problem className="mb-4" data-testid="payment-declined">
            <p className="font-semibold">{declined}</p>
            <p>Check the card details, or try another card, then pay again.</p>
          </Problem>
        ) : null}
        <div className="grid grid-cols-2 gap-4">
          {field('card_number', 'Card number', {
            autoComplete: 'cc-number',
            placeholder: '1234 1234 1234 1234',
            hint: 'Once it is complete, typing goes on in the expiry date, then the CVC.',
            className: 'col-span-2',
          })}
          {field('expiry', 'Expiry date (MM/YY)', {
            autoComplete: 'cc-exp',
            placeholder: 'MM/YY',
            sharedHint: 'card-card_number-hint',
          })}
          {field('cvc', 'Security code (CVC)', { autoComplete: 'cc-csc', placeholder: '123' })}
        </div>
        <SaveCardChoice checked={saveCard} onChange={setSaveCard} testMode />
        <ActionBar breakpoint="sm" className="sm:mt-5">
          <Button
            type="submit"
            disabled={isLoading}
            aria-busy={isLoading}
            className="w-full text-lg"
          >
            {isLoading ? 'Paying…' : `Pay ${money(order.total)}`}
          </Button>
        </ActionBar>
      </form>

      <Dialog
        open={challenge !== null}
        onClose={() => setChallenge(null)}
        labelledBy="secure-title"
        describedBy="secure-text"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
      >
        <p className="inline-block rounded-md bg-amber-700 px-2 py-0.5 text-sm font-bold tracking-wide text-white uppercase">
          Test mode
        </p>
        <h2 id="secure-title" className="mt-3 text-xl font-semibold">
          Your bank asks you to confirm this payment
        </h2>
        <p id="secure-text" className="mt-3 text-stone-800">
          {money(order.total)} to {order.store.name}. In test mode this stands in for your bank’s
          check (3-D Secure): approve it to pay, or fail it to see a refused check.
        </p>
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          <Button variant="outline" onClick={() => answer('fail')}>
            Fail
          </Button>
          <Button data-autofocus onClick={() => answer('approve')}>
            Approve
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
