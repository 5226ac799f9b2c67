import { z } from 'zod';
import { MOVE_MINUTES, REJECT_REASONS, UNDOABLE_MOVES, type RejectReason } from './desk-moves.ts';
import { ORDER_STATUSES } from './order-statuses.ts';

export {
  ACCEPT_MINUTE_PRESETS,
  canMove,
  DELAY_MINUTE_PRESETS,
  movableFrom,
  MOVE_MINUTES,
  moveMinutesAllowed,
  OPEN_ORDER_STATUSES,
  isUndoableMove,
  MOVE_UNDO_SECONDS,
  ORDER_TRANSITIONS,
  REJECT_REASONS,
  UNDOABLE_MOVES,
  type RejectReason,
  type UndoableMove,
} from './desk-moves.ts';

/** When the move an undo names was made (an ISO instant, as the order or booking gives it). */
export const ZMoveMoment = z.iso.datetime({
  offset: true,
  message: 'Give the moment of the move as an ISO date and time',
});

const ZMinutes = z
  .number({ error: 'Give the minutes as a whole number' })
  .int('Give the minutes as a whole number')
  .min(MOVE_MINUTES.min, `At least ${MOVE_MINUTES.min} minute`)
  .max(MOVE_MINUTES.max, `At most ${MOVE_MINUTES.max} minutes`);

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

/**
 * POST /api/admin/orders/{id}/undo-move: takes back the move to `status`, the order's last, made
 * in the last MOVE_UNDO_SECONDS. The move is named so that an undo never takes back a move the
 * person did not see (a colleague's since): the order must still be where that move put it.
 * `at` (optional) names the move by its moment too, its entry's `at` in the order's history: a
 * move to the same status made again since is then not taken back. The same person's undo of a
 * move already undone by them (its answer lost) answers the order as it is, changing nothing
 * (decision 78).
 */
export const ZOrderMoveUndo = z
  .object({
    status: z.enum(UNDOABLE_MOVES, {
      error: 'Name the move to undo: preparing, ready, out_for_delivery or completed',
    }),
    at: ZMoveMoment.optional(),
  })
  .strict();
export type OrderMoveUndo = z.infer<typeof ZOrderMoveUndo>;

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

// The answers' shapes are schemas (api-shapes-staff.ts), their types read from them.
export type { DeskOrder, KitchenTicket } from './api-shapes-staff.ts';
