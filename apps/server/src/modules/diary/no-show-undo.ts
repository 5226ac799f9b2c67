import { NO_SHOW_UNDO_MINUTES } from '@servery/contract/diary';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { forceCovers } from '../reservations/reservations.repository.ts';
import { findBooking, undoNoShow } from './diary.repository.ts';
import { type DiaryCaller, type DiaryDeps, diaryOf, toDiaryBooking } from './diary-shared.ts';

const MINUTE = 60_000;

/**
 * POST /api/admin/bookings/{id}/undo-no-show (issue 27, point 6): a no-show marked by mistake
 * goes back to booked within NO_SHOW_UNDO_MINUTES of being marked, audited like every move.
 */
export function createNoShowUndo(deps: DiaryDeps) {
  const { db, now } = deps;

  async function undoNoShowOf(caller: DiaryCaller, id: string) {
    const { staff, actor } = caller;
    const { store, booking, timeZone } = await diaryOf(deps, staff);
    const current = await findBooking(db, staff.tenantId, id);
    if (!current) throw notFound('There is no such booking.');
    if (current.status !== 'no_show') {
      throw new AppError(
        409,
        'booking_moved',
        `This booking is ${current.status.replace(/_/g, ' ')}, not a no-show: there is nothing to undo.`,
      );
    }
    const at = now();
    const markedSince = new Date(at.getTime() - NO_SHOW_UNDO_MINUTES * MINUTE);
    const row = await db.transaction(async (tx) => {
      const undone = await undoNoShow(tx, { tenantId: staff.tenantId, id, markedSince }, at);
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
        before: { status: 'no_show', marked_at: current.updatedAt?.toISOString() ?? null },
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
    if (!row) {
      const message = `A no-show can be undone for ${NO_SHOW_UNDO_MINUTES} minutes after it is marked; this one was marked earlier. Change it with a phone booking or a walk-in.`;
      throw new AppError(422, 'undo_window_passed', message);
    }
    return toDiaryBooking(row, { at, timeZone });
  }

  return { undoNoShow: undoNoShowOf };
}
