import type { CloseoutRequest } from '@servery/contract/diary';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { hhmm, slotMinutes } from '@servery/contract/clock';
import { servicesOf } from '../reservations/booking-slots.ts';
import { announceShopChanged } from '../tenants/tenants.repository.ts';
import { deleteCloseout, insertCloseout } from './diary.repository.ts';
import { type DiaryDeps, type DiaryCaller, diaryOf, toDiaryCloseout } from './diary-shared.ts';

/** Close-outs: slots, services or days closed to online bookings (bookings in them stay). */
export function createCloseouts(deps: DiaryDeps) {
  const { db } = deps;

  async function addCloseout(caller: DiaryCaller, body: CloseoutRequest) {
    const { staff, actor } = caller;
    const { store, booking, timeZone } = await diaryOf(deps, staff);
    let from = 0;
    let until = 24 * 60;
    if (body.time) {
      from = slotMinutes(body.time);
      until = from + booking.stepMinutes;
    } else if (body.service) {
      const service = servicesOf(booking, body.date, timeZone).find((s) => s.id === body.service);
      if (!service) {
        throw badRequest('That service does not run on this date', {
          service: 'That service does not run on this date',
        });
      }
      from = service.from;
      until = service.until;
    }
    const row = await db.transaction(async (tx) => {
      const inserted = await insertCloseout(tx, {
        tenantId: staff.tenantId,
        date: body.date,
        fromMinutes: from,
        untilMinutes: until,
        reason: body.reason,
        createdBy: staff.email,
      });
      await recordAudit(tx, actor, {
        action: 'closeout.created',
        entity: 'closeout',
        entityId: inserted.id,
        after: { date: body.date, from: hhmm(from), until: hhmm(until), reason: body.reason },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'closeout.changed',
        entityId: inserted.id,
      });
      // The booking site's home answer names the days closed out: every process drops its copy.
      await announceShopChanged(tx, staff.tenantId);
      return inserted;
    });
    return toDiaryCloseout(row, booking.stepMinutes);
  }

  async function removeCloseout(caller: DiaryCaller, id: string) {
    const { staff, actor } = caller;
    const { store, booking } = await diaryOf(deps, staff);
    const row = await db.transaction(async (tx) => {
      const deleted = await deleteCloseout(tx, staff.tenantId, id);
      if (!deleted) throw notFound('There is no such close-out.');
      await recordAudit(tx, actor, {
        action: 'closeout.removed',
        entity: 'closeout',
        entityId: id,
        before: {
          date: deleted.date,
          from: hhmm(deleted.fromMinutes),
          until: hhmm(deleted.untilMinutes),
          reason: deleted.reason,
        },
      });
      await recordLiveEvent(tx, {
        tenantId: staff.tenantId,
        storeId: store.id,
        kind: 'closeout.changed',
        entityId: id,
      });
      await announceShopChanged(tx, staff.tenantId);
      return deleted;
    });
    return toDiaryCloseout(row, booking.stepMinutes);
  }

  return { addCloseout, removeCloseout };
}
