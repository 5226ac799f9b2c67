import { z } from 'zod';
import {
  REJECT_REASONS,
  ZOrderStatusChange,
  type OrderStatusChange,
  type RejectReason,
} from '@servery/contract/desk';

/**
 * The desk's reject and cancel forms, each turned into POST /api/admin/orders/{id}/status' body
 * and checked by the contract's ZOrderStatusChange: the form and the server refuse the same
 * moves. Only the panels that open on "Reject…" and "Cancel…" load this (and zod with it): the
 * desk's first screen checks accept's minutes with the contract's zod-free rule
 * (docs/decisions/0048).
 */
type MoveInput = z.input<typeof ZOrderStatusChange>;
export type MoveBody = OrderStatusChange;

const words = (note: string) => (note.trim() ? { note: note.trim() } : {});

const REASON_KEYS = Object.keys(REJECT_REASONS) as [RejectReason, ...RejectReason[]];

/** A rejection: a reason the customer reads, and words of the kitchen's own (needed for "other"). */
export const ZRejectForm = z
  .object({ reason: z.enum([...REASON_KEYS, '']), note: z.string() })
  .transform(({ reason, note }): MoveInput => ({
    status: 'rejected',
    ...(reason ? { reason } : {}),
    ...words(note),
  }))
  .pipe(ZOrderStatusChange);
export type RejectValues = z.input<typeof ZRejectForm>;

/** A cancellation, with words for the customer when the kitchen gives some. */
export const ZCancelForm = z
  .object({ note: z.string() })
  .transform(({ note }): MoveInput => ({ status: 'cancelled', ...words(note) }))
  .pipe(ZOrderStatusChange);
export type CancelValues = z.input<typeof ZCancelForm>;
