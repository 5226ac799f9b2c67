import { MOVE_UNDO_MINUTES, type BookingUndo } from '@servery/contract/diary';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { releaseCovers } from '../reservations/reservations.repository.ts';
import { findBooking, undoLastMove } from './diary.repository.ts';
import { type DiaryCaller, type DiaryDeps, diaryOf, toDiaryBooking } from './diary-shared.ts';
import { undoMoveUntil } from './front-of-house-rules.ts';
import { createNoShowUndo } from './no-show-undo.ts';
import { undoneAlready } from './undone-already.ts';

const MINUTE = 60_000;
const said = (status: string) => status.replace(/_/g, ' ');

/**
 * POST /api/admin/bookings/{id}/undo: a stray tap on Arrived, Seat or Left is taken back within
 * MOVE_UNDO_MINUTES, the booking back to the status it had before, audited like every move
 * (decision 67). The body names the move being undone (and, with `at`, its moment); a no-show
 * goes through the no-show undo itself, so both routes keep one rule. The same person's undo
 * of a move they have already undone (its answer was lost) answers the booking as it is and
 * changes nothing (decision 78).
 */
export function createMoveUndo(deps: DiaryDeps) {
  const { db, now } = deps;
  const noShows = createNoShowUndo(deps);

  async function undoMove(caller: DiaryCaller, id: string, body: BookingUndo) {
    if (body.status === 'no_show') return noShows.undoNoShow(caller, id, body.at);
    const { staff, actor } = caller;
    const { store, timeZone } = await diaryOf(deps, staff);
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    const at = now();
    const named = body.at === undefined || current.lastMoveAt?.getTime() === Date.parse(body.at);
    if (current.status !== body.status || !current.lastMoveFrom || !current.lastMoveAt || !named) {
      if (await undoneAlready(db, staff, current, body)) {
        return toDiaryBooking(current, { at, timeZone });
      }
      if (current.status !== body.status) {
        throw new AppError(
          409,
          'booking_moved',
          `This booking is ${said(current.status)} now, not ${said(body.status)}: there is nothing to undo. The diary shows where it is.`,
        );
      }
      if (!current.lastMoveFrom || !current.lastMoveAt) {
        // An undone move is not undone twice.
        throw new AppError(
          409,
          'nothing_to_undo',
          `This booking was not made ${said(body.status)} by a move that can be undone (a move is undone once).`,
        );
      }
      throw new AppError(
        409,
        'booking_moved',
        `This booking was made ${said(body.status)} again since: that later move is not the one to undo here. The diary shows where it is.`,
      );
    }
    if (!undoMoveUntil(current, at)) {
      throw new AppError(
        422,
        'undo_window_passed',
        `A move can be undone for ${MOVE_UNDO_MINUTES} minutes after it is made; this one was made earlier.`,
      );
    }
    const movedSince = new Date(at.getTime() - MOVE_UNDO_MINUTES * MINUTE);
    const movedAt = current.lastMoveAt;
    const row = await db.transaction(async (tx) => {
      const undone = await undoLastMove(
        tx,
        { tenantId: staff.tenantId, id, status: body.status, movedSince, movedAt },
        at,
      );
      if (!undone) return undefined;
      // Every other move undone here is between statuses whose covers count (confirmed,
      // arrived, seated, completed), so the slot keeps the party's seats as they are. A walk-in
      // added by mistake goes back to nothing: off the diary, its seats back to the slot.
      const walkInTakenOff = undone.status === 'cancelled';
      if (walkInTakenOff && undone.covers > 0) {
        const slot = { tenantId: staff.tenantId, date: undone.date, time: undone.time };
        await releaseCovers(tx, slot, undone.covers);
      }
      await recordAudit(tx, actor, {
        action: walkInTakenOff ? 'booking.walk_in_undone' : `booking.${body.status}_undone`,
        entity: 'booking',
        entityId: id,
        before: { status: current.status, moved_at: movedAt.toISOString() },
        after: { status: undone.status, covers: undone.covers },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'booking.status',
        entityId: id,
      });
      return undone;
    });
    if (row) return toDiaryBooking(row, { at, timeZone });
    // Between the read and the update a colleague moved it on or undid it first, or the same
    // undo sent twice at once (a double tap, the tablet trying again) was made by the other.
    const again = await findBooking(db, staff.tenantId, id);
    if (again && (await undoneAlready(db, staff, again, body))) {
      return toDiaryBooking(again, { at, timeZone });
    }
    throw new AppError(
      409,
      'booking_moved',
      'Someone else changed this booking a moment ago: there is nothing to undo. The diary shows where it is.',
    );
  }

  return { undoMove };
}
