import { z } from 'zod';
import type { AllergenInfo } from './allergens.ts';
import { REJECT_REASONS, type RejectReason } from './desk-moves.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses.ts';
import type { OrderType } from './menu.ts';

export {
  ACCEPT_MINUTE_PRESETS,
  canMove,
  DELAY_MINUTE_PRESETS,
  movableFrom,
  OPEN_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  REJECT_REASONS,
  type RejectReason,
} from './desk-moves.ts';

const ZMinutes = z
  .number({ error: 'Give the minutes as a whole number' })
  .int('Give the minutes as a whole number')
  .min(1, 'At least 1 minute')
  .max(240, 'At most 240 minutes');

/**
 * POST /api/admin/orders/{id}/status. `accepted` needs the minutes until ready; `rejected` a
 * reason (and words of its own for `other`); `delay` is not a status: it moves the promised
 * time of an accepted order on by `minutes` and tells the customer.
 */
export const ZOrderStatusChange = z
  .object({
    status: z.enum([...ORDER_STATUSES, 'delay'], { error: 'Choose a status' }),
    minutes: ZMinutes.optional(),
    reason: z.enum(Object.keys(REJECT_REASONS) as [RejectReason, ...RejectReason[]]).optional(),
    note: z.string().trim().max(200, 'Keep the note under 200 characters').optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.status === 'accepted' || body.status === 'delay') && body.minutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'Give the minutes until ready' });
    }
    if (body.status === 'rejected' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Choose a reason' });
    }
    if (body.status === 'rejected' && body.reason === 'other' && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why, in a few words' });
    }
  });
export type OrderStatusChange = z.infer<typeof ZOrderStatusChange>;

export const ZDeskOrdersQuery = z.object({
  status: z
    .string()
    .max(200)
    .transform((value) => value.split(','))
    .pipe(z.array(z.enum(ORDER_STATUSES, { error: 'Not an order status' })))
    .optional(),
  date: z.iso.date({ message: 'Use a date such as 2026-11-24' }).optional(),
  store_id: z.uuid({ message: 'Not a valid store id' }).optional(),
});

/** An order as the desk shows it: everything the kitchen and the driver need. */
export interface DeskOrder {
  id: string;
  number: number;
  status: OrderStatus;
  store: { id: string; name: string };
  order_type: OrderType;
  asap: boolean;
  scheduled_for: string;
  promised_at: string | null;
  lines: {
    name: string;
    quantity: number;
    modifier_names: string[];
    note: string;
    line_total: number;
    /** The dish's and its options' allergens as ordered; null on orders from before they were kept. */
    allergens: AllergenInfo | null;
  }[];
  notes: string;
  subtotal: number;
  delivery_fee: number;
  discount: number;
  total: number;
  currency: string;
  customer: { name: string; phone: string | null; email: string | null };
  address: {
    address_line1: string;
    address_line2: string;
    city: string;
    postcode: string;
    instructions: string;
  } | null;
  /** PAID (card) or CASH to collect, and how much. */
  payment: { method: string; status: string; paid: boolean; to_collect: number };
  status_history: {
    status: OrderStatus;
    at: string;
    by?: string;
    /** A rejection's preset reason (REJECT_REASONS). */
    reason?: string;
    note?: string;
  }[];
  created_at: string;
  /** How many times its kitchen ticket was printed (any device): more than 0, the next is a reprint. */
  print_count: number;
  /** The moves the desk may offer now. */
  next: OrderStatus[];
}

/**
 * POST /api/admin/orders/{id}/print?unless_printed=true: auto-print's claim (issue 28). Only an
 * order never printed is printed; otherwise 409 `already_printed` and nothing is counted, so two
 * desks open in a store that prints on accept print one ticket between them, never two.
 */
export const ZPrintQuery = z
  .object({
    unless_printed: z
      .enum(['true', 'false'], { error: "Use 'true' or 'false'" })
      .optional()
      .describe('Print only if no device printed this order yet (409 otherwise).'),
  })
  .strict();
export type PrintQuery = z.infer<typeof ZPrintQuery>;

/**
 * POST /api/admin/orders/{id}/print: the 80 mm kitchen ticket. The server counts the prints, so
 * a second print from any device is marked REPRINT.
 */
export interface KitchenTicket {
  order: DeskOrder;
  shop_name: string;
  /** This print is not the first. */
  reprint: boolean;
  /** Prints so far, this one included. */
  print_count: number;
  printed_at: string;
}
