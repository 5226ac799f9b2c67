import { z } from 'zod';
import { ORDER_IDS_MAX } from './desk-moves.ts';
import { ORDER_TYPES } from './menu.ts';
import { ORDER_STATUSES, PAYMENT_METHODS } from './order.ts';

/**
 * The back office's requests (issue 29): the order history, refunds, sales reports and the
 * customer list. The answers' shapes are in back-office-shapes.ts.
 */

const date = z.iso.date({ message: 'Use a date such as 2026-11-24' });
const search = z.string().trim().max(100, 'Search for at most 100 characters').optional();
const cursor = z.string().max(200).optional();

/** How many orders one page of the history holds, and how many customers one page of the list. */
export const HISTORY_PAGE_SIZE = 50;
export const CUSTOMER_PAGE_SIZE = 50;
/** The longest report: a year and a day (a leap year). */
export const REPORT_MAX_DAYS = 366;

export const ZOrderHistoryQuery = z.object({
  q: search,
  from: date.optional(),
  to: date.optional(),
  /** One day by the time the order is wanted (the desk's day view). */
  date: date.optional(),
  status: z
    .string()
    .max(200)
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(ORDER_STATUSES, { error: 'Not an order status' })))
    .optional(),
  store_id: z.uuid({ message: 'Not a valid store id' }).optional(),
  /**
   * Just these orders (at most 50), whatever their status: what the desk asks for when live
   * events name orders that changed, instead of every open order again (decision 59).
   */
  ids: z
    .string()
    .max(ORDER_IDS_MAX * 37)
    .transform((value) => value.split(','))
    .pipe(
      z
        .array(z.uuid({ message: 'Not a valid order id' }))
        .max(ORDER_IDS_MAX, `At most ${ORDER_IDS_MAX} orders at a time`),
    )
    .optional(),
  type: z.enum(ORDER_TYPES, { error: 'Choose delivery or collection' }).optional(),
  payment: z.enum(PAYMENT_METHODS, { error: 'Choose card or cash' }).optional(),
  cursor,
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type OrderHistoryQuery = z.infer<typeof ZOrderHistoryQuery>;

export const REFUND_REASON_MAX = 200;
export const ZRefundRequest = z.object({
  amount: z
    .number({ error: 'Enter the amount to give back' })
    .int('The amount is in pence')
    .positive('The amount must be more than nothing'),
  reason: z
    .string({ error: 'Say why' })
    .trim()
    .min(1, 'Say why')
    .max(REFUND_REASON_MAX, `At most ${REFUND_REASON_MAX} characters`),
  lines: z
    .array(
      z.object({
        index: z.number().int().min(0),
        quantity: z.number().int().min(1, 'At least one'),
      }),
    )
    .max(100)
    .optional(),
});
export type RefundRequest = z.infer<typeof ZRefundRequest>;

export const ZSalesQuery = z
  .object({
    from: date,
    to: date,
    store_id: z.uuid({ message: 'Not a valid store id' }).optional(),
    /** `csv`: the report's figures; `orders_csv`: the orders behind them, one a row. */
    format: z
      .enum(['json', 'csv', 'orders_csv'], { error: 'Choose json, csv or orders_csv' })
      .optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'The range ends before it starts', path: ['to'] });
export type SalesQuery = z.infer<typeof ZSalesQuery>;

export const ZCustomerListQuery = z.object({
  q: search,
  cursor,
  format: z.enum(['json', 'csv'], { error: 'Choose json or csv' }).optional(),
});
export type CustomerListQuery = z.infer<typeof ZCustomerListQuery>;
