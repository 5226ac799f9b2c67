import { NO_SHOW_UNDO_MINUTES } from '@servery/contract/diary';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { forceCovers } from '../reservations/reservations.repository.ts';
import { findBooking, undoNoShow } from './diary.repository.ts';
import { type DiaryCaller, type DiaryDeps, diaryOf, toDiaryBooking } from './diary-shared.ts';
import { undoneAlready } from './undone-already.ts';

const MINUTE = 60_000;

/**
 * POST /api/admin/bookings/{id}/undo-no-show (issue 27, point 6): a no-show marked by mistake
 * goes back to booked within NO_SHOW_UNDO_MINUTES of being marked, audited like every move.
 * With `at` (through POST /api/admin/bookings/{id}/undo) only the no-show marked then. The same
 * person's undo of a no-show they have already undone (its answer was lost) answers the booking
 * as it is and changes nothing (decision 78).
 */
export function createNoShowUndo(deps: DiaryDeps) {
  const { db, now } = deps;

  async function undoNoShowOf(caller: DiaryCaller, id: string, markedAt?: string) {
    const { staff, actor } = caller;
    const { store, booking, timeZone } = await diaryOf(deps, staff);
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    const at = now();
    const body = { status: 'no_show', at: markedAt };
    const named = markedAt === undefined || current.updatedAt?.getTime() === Date.parse(markedAt);
    if (current.status !== 'no_show' || !named) {
      if (await undoneAlready(db, staff, current, body)) {
        return toDiaryBooking(current, { at, timeZone });
      }
      throw new AppError(
        409,
        'booking_moved',
        current.status === 'no_show'
          ? 'This booking was marked a no-show again since: that later no-show is not the one to undo here. The diary shows where it is.'
          : `This booking is ${current.status.replace(/_/g, ' ')}, not a no-show: there is nothing to undo.`,
      );
    }
    const markedSince = new Date(at.getTime() - NO_SHOW_UNDO_MINUTES * MINUTE);
    const marked = current.updatedAt;
    if (!marked || marked < markedSince) {
      const message = `A no-show can be undone for ${NO_SHOW_UNDO_MINUTES} minutes after it is marked; this one was marked earlier. Change it with a phone booking or a walk-in.`;
      throw new AppError(422, 'undo_window_passed', message);
    }
    const row = await db.transaction(async (tx) => {
      const where = { tenantId: staff.tenantId, id, markedSince, markedAt: marked };
      const undone = await undoNoShow(tx, where, at);
      if (!undone) return undefined;
      // The party's seats come back to the slot. They had them before the mistake, so they
      // get them even if the slot filled since (it shows as over capacity).
      if (undone.covers > 0) {
        const slot = { tenantId: staff.tenantId, date: undone.date, time: undone.time };
        await forceCovers(tx, slot, undone.covers, booking.coversPerSlot);
      }
      await recordAudit(tx, actor, {
        action: 'booking.no_show_undone',
        entity: 'booking',
        entityId: id,
        before: { status: 'no_show', marked_at: marked.toISOString() },
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
    // Between the read and the update a colleague undid it first, or the same undo sent twice
    // at once (a double tap, the tablet trying again) was made by the other.
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

  return { undoNoShow: undoNoShowOf };
}
