import { z } from 'zod';
import { ZRefundRequest, type RefundRequest } from '@servery/contract/back-office';

export const REFUND_WAYS = ['lines', 'amount', 'whole'] as const;
export type RefundWay = (typeof REFUND_WAYS)[number];

/** The refund form as it is filled in: how, a count per dish, the pounds typed, the reason. */
export interface RefundFormValues {
  way: RefundWay;
  counts: number[];
  pounds: string;
  reason: string;
}

/** What of an order a refund is worked out from. */
export interface RefundableOrder {
  refundable: number;
  lines: { line_total: number; quantity: number }[];
}

export const blankRefund = (
  order: RefundableOrder,
  way: RefundWay = 'lines',
): RefundFormValues => ({
  way,
  counts: order.lines.map(() => 0),
  pounds: '',
  reason: '',
});

/** The pence the form gives back now: the button shows it before anything is checked. */
export function refundAmount(order: RefundableOrder, values: RefundFormValues): number {
  if (values.way === 'whole') return order.refundable;
  if (values.way === 'amount') return Math.round(Number(values.pounds) * 100) || 0;
  const linesWorth = order.lines.reduce(
    (sum, line, i) => sum + Math.round((line.line_total * (values.counts[i] ?? 0)) / line.quantity),
    0,
  );
  return Math.min(linesWorth, order.refundable);
}

/**
 * The form turned into the API's body and checked by the contract's schema, and against what is
 * left to refund on this order (the server checks both again).
 */
export function refundFormSchema(order: RefundableOrder) {
  return z
    .object({
      way: z.enum(REFUND_WAYS),
      counts: z.array(z.number()),
      pounds: z.string(),
      reason: z.string(),
    })
    .transform((values): z.input<typeof ZRefundRequest> => ({
      amount: refundAmount(order, values),
      reason: values.reason,
      ...(values.way === 'lines'
        ? {
            lines: values.counts.flatMap((quantity, index) =>
              quantity ? [{ index, quantity }] : [],
            ),
          }
        : {}),
    }))
    .pipe(
      ZRefundRequest.refine((body) => body.amount <= order.refundable, {
        path: ['amount'],
        message: 'That is more than is left to refund',
      }),
    );
}
export type RefundBody = RefundRequest;

/**
 * Why the refund button cannot be pressed yet, in the words of what to do next (walk 2, finding
 * 15): shown beside the button, which says it. Null once the form would pass.
 */
export function whyNotReady(
  order: RefundableOrder,
  values: RefundFormValues,
  schema: ReturnType<typeof refundFormSchema>,
): string | null {
  const checked = schema.safeParse(values);
  if (checked.success) return null;
  const amount = refundAmount(order, values);
  if (values.way === 'lines' && amount <= 0) return 'Choose the dishes to give back.';
  if (values.way === 'amount' && values.pounds.trim() === '')
    return 'Enter the amount to give back.';
  if (amount <= 0) return 'The amount must be more than nothing.';
  const issue = checked.error.issues[0];
  return issue ? `${issue.message.replace(/\.$/, '')}.` : null;
}

/** The button's words: the amount once there is one, never a negative one. */
export const refundButtonLabel = (amount: number, money: (pence: number) => string) =>
  amount > 0 ? `Refund ${money(amount)}` : 'Refund';

/** What of an order says why nothing can be refunded on it. */
export interface UnrefundableOrder {
  status: string;
  payment: { method: string };
  payments: { status: string; refunded: number }[];
}

/**
 * Why nothing can be refunded on an order (its `refundable` is 0): refunded in full already, a
 * cash order not yet completed (its money is taken then), a card only held or never charged.
 * The server's rule is `paidOf` in modules/refunds/refund-rules.ts.
 */
export function whyNothingToRefund(
  order: UnrefundableOrder,
  money: (pence: number) => string,
): string {
  const payment = order.payments[0];
  const refunded = payment?.refunded ?? 0;
  if (refunded > 0) return `Refunded in full: ${money(refunded)} was given back.`;
  const closed = order.status === 'rejected' || order.status === 'cancelled';
  if (order.payment.method !== 'card') {
    return closed
      ? `Nothing to refund: the order was ${order.status} and no cash was taken.`
      : 'Nothing to refund yet: a cash order can be refunded once it is completed and paid.';
  }
  if (payment?.status === 'refunded' || payment?.status === 'refund_pending') {
    return 'Nothing to refund: the card payment was given back when the order was rejected or cancelled.';
  }
  if (closed || payment?.status === 'released' || payment?.status === 'release_pending') {
    return 'Nothing to refund: the card was never charged (its hold was lifted).';
  }
  return 'Nothing to refund yet: the card is only held until the order is accepted. To give it back, reject or cancel the order.';
}
