import { z } from 'zod';
import type { Answer } from './answer.ts';
import { id, instant, money } from './api-shapes-storefront.ts';
import { ZDeskOrder } from './api-shapes-staff.ts';
import { ZVatInvoice } from './order-answer.ts';

/** The back office's answers (issue 29), for API_RESPONSES and both sides' types. */

export const ZRefund = z.looseObject({
  id,
  order_id: id,
  amount: money,
  reason: z.string(),
  lines: z.array(
    z.looseObject({ index: z.number().int(), quantity: z.number().int(), name: z.string() }),
  ),
  method: z.enum(['card', 'cash']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  created_by: z.string(),
  created_at: instant,
});
export type Refund = z.infer<typeof ZRefund>;

export const ZHistoryOrder = ZDeskOrder.extend({ refunded: money });
export type HistoryOrder = Answer<typeof ZHistoryOrder>;
export const ZOrderHistoryPage = z.looseObject({
  orders: z.array(ZHistoryOrder),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type OrderHistoryPage = Answer<typeof ZOrderHistoryPage>;

export const ZOrderDetail = ZHistoryOrder.extend({
  timeline: z.array(z.looseObject({ at: instant, what: z.string(), by: z.string().nullable() })),
  messages: z.array(
    z.looseObject({
      /** When it was queued. */
      at: instant,
      channel: z.string(),
      kind: z.string(),
      recipient: z.string(),
      /** pending, sent, failed, or dropped: not sent on purpose (decision 82). */
      status: z.string(),
      /** When it went; null until then. */
      sent_at: instant.nullable(),
      /** Why a dropped message was not sent. */
      dropped_because: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.looseObject({
      method: z.string(),
      provider: z.string(),
      status: z.string(),
      amount: money,
      refunded: money,
    }),
  ),
  refunds: z.array(ZRefund),
  /** What may still be given back (0 while nothing was paid). */
  refundable: money,
  /**
   * How many of each line refunds gave back so far (failed ones gave nothing), by the line's
   * index as a refund's `lines` name it; a line not listed had none. A line may still be refunded
   * its quantity less this.
   */
  refunded_lines: z.array(z.looseObject({ index: z.number().int(), quantity: z.number().int() })),
  /** The customer's VAT invoice with its refunds (null where the shop gives none, decision 17). */
  vat_invoice: ZVatInvoice.nullable().optional(),
});
export type OrderDetail = Answer<typeof ZOrderDetail>;

export const ZSalesFigures = z.looseObject({
  from: z.string(),
  to: z.string(),
  orders: z.number().int(),
  gross: money,
  vat: z.array(z.looseObject({ rate: z.number(), net: money, vat: money })),
  discounts: money,
  delivery_fees: money,
  refunds: money,
  net: money,
  cash: money,
  card: money,
  average: money,
  by_hour: z.array(
    z.looseObject({ hour: z.number().int(), orders: z.number().int(), gross: money }),
  ),
  top_items: z.array(z.looseObject({ name: z.string(), quantity: z.number().int(), gross: money })),
});
export type SalesFigures = z.infer<typeof ZSalesFigures>;
export const ZSalesReport = ZSalesFigures.extend({
  store_id: id.nullable(),
  time_zone: z.string(),
  currency: z.string(),
  previous: ZSalesFigures,
});
export type SalesReport = z.infer<typeof ZSalesReport>;

export const ZCustomerSummary = z.looseObject({
  id,
  deleted: z.boolean(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  marketing_consent: z.boolean(),
  orders: z.number().int(),
  total_spent: money,
  last_order_at: instant.nullable(),
});
export type CustomerSummary = z.infer<typeof ZCustomerSummary>;
export const ZCustomerPage = z.looseObject({
  customers: z.array(ZCustomerSummary),
  next_cursor: z.string().nullable(),
});
export type CustomerPage = Answer<typeof ZCustomerPage>;
export const ZCustomerDetail = ZCustomerSummary.extend({
  order_history: z.array(
    z.looseObject({
      id,
      number: z.number().int(),
      status: z.string(),
      store: z.string(),
      total: money,
      refunded: money,
      created_at: instant,
    }),
  ),
});
export type CustomerDetail = Answer<typeof ZCustomerDetail>;
