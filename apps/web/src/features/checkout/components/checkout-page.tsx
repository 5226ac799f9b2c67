import type { ReactNode } from 'react';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { StoreSummary } from '@servery/contract/menu';
import { actionBarRoom } from '../../../components/ui/action-bar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorSummary } from '../../../components/ui/error-summary.tsx';
import { Field, Textarea, errorId } from '../../../components/ui/input.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoney } from '../../../lib/money.ts';
import { CHECKOUT_FIELDS, NOTES_MAX } from '../checkout-form.ts';
import { revealField } from '../reveal.ts';
import { useCheckoutForm } from '../use-checkout-form.ts';
import { CheckoutActions } from './checkout-actions.tsx';
import { CheckoutSummary } from './checkout-summary.tsx';
import { DeliverySection, type AddressFormRenderer } from './delivery-section.tsx';
import { CollectionStore, OrderTypeField } from './fulfilment-fields.tsx';
import { ContactFields } from './contact-fields.tsx';
import { PaymentChoice } from './payment-choice.tsx';
import { PromoField } from './promo-field.tsx';
import { TimeField } from './time-field.tsx';
import { formatPhone } from '@servery/contract/phone-format';

export interface CheckoutPageProps {
  lines: CartLine[];
  /** The basket's store; undefined while the stores load, null when it no longer exists. */
  store: StoreSummary | null | undefined;
  addresses: Address[] | undefined;
  addressesFailed: boolean;
  onRetryAddresses: () => void;
  /** The saved-address form (the account feature's), inline. */
  renderAddressForm: AddressFormRenderer;
  onRemoveLine: (id: string) => void;
  /** A cash order is placed: the basket has been ordered. */
  onCashOrderPlaced: () => void;
}

export function CheckoutPage(props: CheckoutPageProps) {
  const { store } = props;
  if (store === undefined) {
    return (
      <Frame>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      </Frame>
    );
  }
  if (store === null) {
    return (
      <Frame>
        <Problem>
          The store your basket is from is no longer taking orders online. Please empty your basket
          and choose dishes from another store.
        </Problem>
      </Frame>
    );
  }
  return <Checkout {...props} store={store} />;
}

function Frame({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className={`mx-auto w-full max-w-5xl px-4 pt-6 ${actionBarRoom('lg')}`}>
      <h1 className="text-3xl font-bold">Checkout</h1>
      {subtitle}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The checkout's layout: its state and rules are useCheckoutForm's. */
function Checkout(props: CheckoutPageProps & { store: StoreSummary }) {
  const { store } = props;
  const money = useMoney();
  const checkout = useCheckoutForm(props);
  const { values, errors, quote, promoCheck } = checkout;
  const notesError = errors.notes?.message;
  return (
    <Frame
      subtitle={
        <p className="mt-1 text-stone-800">
          Ordering from <span className="font-semibold">{store.name}</span>
        </p>
      }
    >
      {checkout.tried ? (
        <ErrorSummary
          id="checkout-error-summary"
          errors={CHECKOUT_FIELDS.flatMap((field) => {
            const message = errors[field]?.message;
            return message ? [{ id: field, message, onGo: () => revealField(field) }] : [];
          })}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="space-y-6">
          <Card>
            <OrderTypeField
              store={store}
              value={values.orderType}
              onChange={checkout.choices.orderType}
              error={errors.order_type?.message}
            />
          </Card>
          <Card>
            {values.orderType === 'delivery' ? (
              <DeliverySection checkout={checkout} money={money} {...props} />
            ) : (
              <>
                <CollectionStore store={store} />
                {checkout.askContact ? (
                  <ContactFields
                    orderType="collection"
                    register={checkout.form.register}
                    errors={errors}
                  />
                ) : null}
              </>
            )}
          </Card>
          <Card>
            <TimeField
              store={store}
              orderType={values.orderType}
              timings={checkout.timings.currentData}
              loadFailed={checkout.timings.isError && !checkout.timings.currentData}
              value={values.when}
              onChange={checkout.choices.when}
              closedReason={checkout.closedReason}
              pausedReason={checkout.pausedReason}
              closingSoon={checkout.closingSoon}
              error={errors.when?.message}
              notice={checkout.lostSlot}
            />
          </Card>
          <Card className="space-y-6">
            <PromoField
              check={promoCheck.state}
              discount={quote?.totals.discount ?? 0}
              onApply={checkout.choices.promo}
              onRemove={() => checkout.choices.promo(null)}
              onRecheck={promoCheck.recheck}
              error={errors.promo_code?.message ?? checkout.promoRefusal ?? quote?.promoProblem}
              money={money}
            />
            <div data-field="notes">
              <Field
                id="order-notes"
                label={<span className="text-xl">Notes for the shop (optional)</span>}
                error={notesError}
              >
                <p id="order-notes-hint" className="text-sm text-stone-700">
                  Such as: please don’t ring the bell. For allergies, call the shop on{' '}
                  {formatPhone(store.phone)}.
                </p>
                <Textarea
                  id="order-notes"
                  rows={3}
                  maxLength={NOTES_MAX}
                  aria-invalid={Boolean(notesError)}
                  aria-describedby={`order-notes-hint${notesError ? ` ${errorId('order-notes')}` : ''}`}
                  {...checkout.form.register('notes')}
                />
              </Field>
            </div>
          </Card>
          <Card>
            <PaymentChoice
              value={values.paymentMethod}
              onChange={checkout.choices.payment}
              cashAccepted={store.accepts_cash}
              orderType={values.orderType}
              error={errors.payment_method?.message}
            />
          </Card>
        </div>

        <Card className="lg:sticky lg:top-20">
          {quote ? (
            <CheckoutSummary
              quote={quote}
              orderType={values.orderType}
              promoCode={values.promo_code}
              lineErrors={checkout.lineErrors}
              onRemoveLine={props.onRemoveLine}
              money={money}
            />
          ) : checkout.catalogue.isError ? null : (
            <div className="space-y-3" aria-busy="true">
              <p className="text-stone-700">Checking today’s prices…</p>
              <Skeleton className="h-40" />
            </div>
          )}
          <CheckoutActions checkout={checkout} money={money} />
        </Card>
      </div>
    </Frame>
  );
}
