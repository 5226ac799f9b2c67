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
