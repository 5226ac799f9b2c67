import { z } from 'zod';
import { ZBookingStatusChange, type BookingStatusChange } from '@servery/contract/diary';

/**
 * The diary's confirm, decline and cancel forms, each turned into POST
 * /api/admin/bookings/{id}/status' body and checked by the contract's ZBookingStatusChange: the
 * form and the server refuse the same things in the same words. Only the panels that open on
 * "Confirm…", "Decline…" and "Cancel…" load this (and zod with it), so the diary's first screen
 * stays light (docs/decisions/0048).
 */
type MoveInput = z.input<typeof ZBookingStatusChange>;
export type BookingMoveBody = BookingStatusChange;

/** Confirming a request: the party's real size, which then counts against the slot. */
export const ZConfirmForm = z
  .object({ people: z.string() })
  .transform(({ people }): MoveInput => ({
    status: 'confirmed',
    // An empty or unreadable box is "no number": the contract's own message says so.
    people: people.trim() === '' ? Number.NaN : Number(people),
  }))
  .pipe(ZBookingStatusChange);
export type ConfirmValues = z.input<typeof ZConfirmForm>;

/** The server's words when a request is declined without a reason (the guest reads it). */
export const DECLINE_NEEDS_REASON = 'Say why, in a few words: the guest reads it';

/** Declining a request (a reason needed) or cancelling a booking (a reason when given). */
export const reasonForm = (status: 'declined' | 'cancelled') =>
  z
    .object({ reason: z.string() })
    .refine(({ reason }) => status !== 'declined' || reason.trim() !== '', {
      path: ['reason'],
      message: DECLINE_NEEDS_REASON,
    })
    .transform(({ reason }): MoveInput => ({
      status,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }))
    .pipe(ZBookingStatusChange);
export type ReasonValues = z.input<ReturnType<typeof reasonForm>>;
