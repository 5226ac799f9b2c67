import { UNDOABLE_BOOKING_MOVES } from '@servery/contract/diary';
import type { Executor } from '../../db/client.ts';
import { ownLastUndo } from '../audit/audit.repository.ts';
import type { BookingRow } from '../reservations/reservations.repository.ts';

/** The audit actions of the diary's undos (move-undo.ts, no-show-undo.ts). */
const UNDO_ACTIONS = [
  ...UNDOABLE_BOOKING_MOVES.map((status) => `booking.${status}_undone`),
  'booking.walk_in_undone',
  'booking.no_show_undone',
];

/**
 * Decision 78: whether `staff` already undid the move `body` names (its status, and its moment
 * when `at` is given) and the booking is where that undo put it, nothing moved since: the
 * newest undo's audit row is theirs and names the move, and the booking has no move newer than
 * it (an undone move leaves no last move; a no-show's undo leaves the no-show's own).
 */
export async function undoneAlready(
  db: Executor,
  staff: { tenantId: string; id: string },
  booking: BookingRow,
  body: { status: string; at?: string | undefined },
): Promise<boolean> {
  const undone = await ownLastUndo(
    db,
    staff,
    { entity: 'booking', entityId: booking.id, actions: UNDO_ACTIONS },
    body,
  );
  return (
    undone !== null &&
    booking.status === undone.back &&
    (!booking.lastMoveAt || booking.lastMoveAt.getTime() <= undone.movedAt)
  );
}
