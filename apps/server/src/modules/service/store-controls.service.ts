import {
  activePause,
  defaultPauseMessage,
  type BusyRequest,
  type HoursRequest,
  type PauseRequest,
  type ServiceStore,
  type ShopPatch,
  type ShopSwitches,
  type SpecialDaysRequest,
} from '@servery/contract/service';
import { ZBookingDocument, describeIssues } from '@servery/contract/tenant-document';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import type { StaffIdentity } from '../../plugins/staff-session.ts';
import { recordAudit, type AuditActor } from '../audit/audit.repository.ts';
import { recordLiveEvent } from '../live-events/live-events.repository.ts';
import { openingState, serviceEnd } from '../stores/opening.ts';
import { STORE_CLOSED_TEXT } from '../stores/stores.service.ts';
import { worksInEveryStore } from '../staff/staff.repository.ts';
import { busyMinutesAt, calendarDate, localDate } from '@servery/contract/clock';
import { announceShopChanged, loadTenant, type Tenant } from '../tenants/tenants.repository.ts';
import type { ServiceDeps } from './availability.service.ts';
import {
  lockStore,
  lockTenant,
  replaceHours,
  updateStore,
  updateTenantSettings,
  weeklyHours,
  type StoreRow,
} from './service.repository.ts';

const MAX_PAUSE_MS = 7 * 24 * 3600_000;
/** Busy mode is one service's: at most a day, longer is a new preparation time. */
const MAX_BUSY_MS = 24 * 3600_000;
const storeNotFound = () => notFound('There is no such store among yours.');

function serviceStoreOf(tenant: Tenant, storeId: string, at: Date): ServiceStore {
  const store = tenant.stores.find((s) => s.id === storeId)!;
  const rows = tenant.hours.filter((h) => h.storeId === storeId);
  const state = openingState(rows, at, tenant.row.config.timeZone, store.specialDays);
  const pause = activePause(store.pause, at);
  const hours: ServiceStore['hours'] = {};
  for (const row of rows) {
    const day = (
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
    )[row.weekday - 1]!;
    (hours[day] ??= []).push({ opens: row.opens.slice(0, 5), closes: row.closes.slice(0, 5) });
  }
  return {
    id: store.id,
    name: store.name,
    is_closed: store.isClosed,
    is_open_now: !store.isClosed && state.isOpen,
    status_text: store.isClosed ? STORE_CLOSED_TEXT : state.statusText,
    order_types: store.orderTypes,
    pause: pause
      ? { order_types: pause.orderTypes, until: pause.until, message: pause.message }
      : null,
    ...busyOf(store, at),
    hours,
    special_days: store.specialDays,
  };
}

/** Busy mode as it stands at `at`: off (0, no end) once its end has passed (decision 87). */
function busyOf(store: Pick<StoreRow, 'busyExtraMinutes' | 'busyUntil'>, at: Date) {
  const minutes = busyMinutesAt(store, at);
  return {
    busy_extra_minutes: minutes,
    busy_until: minutes ? store.busyUntil!.toISOString() : null,
  };
}

export function shopSwitchesOf(tenant: Tenant): ShopSwitches {
  const { config, booking } = tenant.row;
  return {
    IsShopClosed: config.IsShopClosed,
    ShopClosedMessage: config.ShopClosedMessage,
    allowBooking: config.allowBooking,
    booking: booking ?? null,
  };
}

/** Pause, busy, hours and special days of one store; the shop's switches (issue 15). */
export function createStoreControls({ db, now }: ServiceDeps) {
  /**
   * The shop's switches close every store and turn off the diary: a person limited to some
   * stores may not use them (back-office complaint 15), whatever their role.
   */
  const mustCoverTheShop = async (staff: StaffIdentity) => {
    if (!(await worksInEveryStore(db, staff))) {
      throw new AppError(
        403,
        'forbidden',
        'The whole shop’s switches change every store: only someone who works in all of them (an owner) may use them.',
      );
    }
  };
  /** A store change: locked, changed, audited, announced, in one transaction; then its state. */
  const change = async (
    staff: StaffIdentity,
    actor: AuditActor,
    storeId: string,
    action: string,
    apply: (
      tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
      store: StoreRow,
    ) => Promise<{ before: unknown; after: unknown }>,
  ): Promise<ServiceStore> => {
    if (!staff.storeIds.includes(storeId)) throw storeNotFound();
    const tenantId = staff.tenantId;
    await db.transaction(async (tx) => {
      const store = await lockStore(tx, tenantId, storeId);
      if (!store) throw storeNotFound();
      const { before, after } = await apply(tx, store);
      await recordAudit(tx, actor, { action, entity: 'store', entityId: storeId, before, after });
      await recordLiveEvent(tx, { tenantId, storeId, kind: 'store.changed', entityId: storeId });
      await announceShopChanged(tx, tenantId);
    });
    return serviceStoreOf((await loadTenant(db, tenantId))!, storeId, now());
  };

  return {
    async list(staff: StaffIdentity): Promise<ServiceStore[]> {
      const tenant = await loadTenant(db, staff.tenantId);
      const at = now();
      return (tenant?.stores ?? [])
        .filter((s) => staff.storeIds.includes(s.id))
        .map((s) => serviceStoreOf(tenant!, s.id, at));
    },

    pause(staff: StaffIdentity, actor: AuditActor, storeId: string, body: PauseRequest) {
      const at = now();
      const until = body.until
        ? new Date(body.until)
        : new Date(at.getTime() + body.minutes! * 60_000);
      if (until.getTime() <= at.getTime())
        throw invalidField('until', 'Choose a time in the future');
      if (until.getTime() - at.getTime() > MAX_PAUSE_MS) {
        throw invalidField('until', 'A pause lasts at most 7 days; close the store for longer');
      }
      const orderTypes = [...new Set(body.order_types)];
      const pause = {
        orderTypes,
        until: until.toISOString(),
        message: body.message || defaultPauseMessage(orderTypes),
      };
      return change(staff, actor, storeId, 'store.pause', async (tx, store) => {
        await updateStore(tx, store.id, { pause });
        return { before: activePause(store.pause, at), after: pause };
      });
    },

    resume(staff: StaffIdentity, actor: AuditActor, storeId: string) {
      return change(staff, actor, storeId, 'store.resume', async (tx, store) => {
        await updateStore(tx, store.id, { pause: null });
        return { before: activePause(store.pause, now()), after: null };
      });
    },

    /**
     * Busy mode until the end of the store's opening (open now, else the next one), or for
     * `minutes`, or until `until`, at most a day; 0 extra minutes ends it now (decision 87).
     */
    async busy(staff: StaffIdentity, actor: AuditActor, storeId: string, body: BusyRequest) {
      if (!staff.storeIds.includes(storeId)) throw storeNotFound();
      const at = now();
      let until: Date | null = null;
      if (body.extra_minutes && body.until) {
        until = new Date(body.until);
        if (until.getTime() <= at.getTime())
          throw invalidField('until', 'Choose a time in the future');
        if (until.getTime() - at.getTime() > MAX_BUSY_MS) {
          throw invalidField(
            'until',
            'Busy mode lasts at most a day; change the preparation time for longer',
          );
        }
      } else if (body.extra_minutes && body.minutes) {
        until = new Date(at.getTime() + body.minutes * 60_000);
      } else if (body.extra_minutes) {
        const tenant = (await loadTenant(db, staff.tenantId))!;
        const store = tenant.stores.find((s) => s.id === storeId);
        if (!store) throw storeNotFound();
        const rows = tenant.hours.filter((h) => h.storeId === storeId);
        const end = serviceEnd(rows, store.specialDays, at, tenant.row.config.timeZone);
        if (!end) {
          throw invalidField(
            'until',
            `${store.name} has no opening in the coming week: choose how long busy mode lasts`,
          );
        }
        until = new Date(Math.min(end.getTime(), at.getTime() + MAX_BUSY_MS));
      }
      return change(staff, actor, storeId, 'store.busy', async (tx, store) => {
        const extra = until ? body.extra_minutes : 0;
        await updateStore(tx, store.id, { busyExtraMinutes: extra, busyUntil: until });
        return {
          before: busyOf(store, at),
          after: busyOf({ busyExtraMinutes: extra, busyUntil: until }, at),
        };
      });
    },

    hours(staff: StaffIdentity, actor: AuditActor, storeId: string, body: HoursRequest) {
      return change(staff, actor, storeId, 'store.hours', async (tx, store) => {
        const before = await weeklyHours(tx, store.id);
        await replaceHours(tx, staff.tenantId, store.id, body.hours);
        return { before, after: body.hours };
      });
    },

    specialDays(
      staff: StaffIdentity,
      actor: AuditActor,
      storeId: string,
      body: SpecialDaysRequest,
      timeZone: string,
    ) {
      // A day already past is refused, naming it: saved, nothing would read it or show it
      // again (walk 2, item 25).
      const today = localDate(now(), timeZone);
      const past = body.special_days.findIndex((day) => day.date < today);
      if (past >= 0) {
        const field = `special_days.${past}.date`;
        const message = `${calendarDate(body.special_days[past]!.date)} has passed: choose today or a later date`;
        throw invalidField(field, message);
      }
      const days = [...body.special_days].sort((a, b) => a.date.localeCompare(b.date));
      return change(staff, actor, storeId, 'store.special_days', async (tx, store) => {
        await updateStore(tx, store.id, { specialDays: days });
        return { before: store.specialDays, after: days };
      });
    },

    async shop(staff: StaffIdentity): Promise<ShopSwitches> {
      await mustCoverTheShop(staff);
      return shopSwitchesOf((await loadTenant(db, staff.tenantId))!);
    },

    async patchShop(staff: StaffIdentity, actor: AuditActor, patch: ShopPatch) {
      await mustCoverTheShop(staff);
      const tenantId = staff.tenantId;
      await db.transaction(async (tx) => {
        const tenant = await lockTenant(tx, tenantId);
        if (!tenant) throw notFound('This shop no longer exists.');
        const config = { ...tenant.config };
        if (patch.IsShopClosed !== undefined) config.IsShopClosed = patch.IsShopClosed;
        if (patch.ShopClosedMessage !== undefined)
          config.ShopClosedMessage = patch.ShopClosedMessage;
        if (patch.allowBooking !== undefined) config.allowBooking = patch.allowBooking;
        let booking = tenant.booking;
        if (patch.booking) {
          const parsed = ZBookingDocument.safeParse({ ...tenant.booking, ...patch.booking });
          if (!parsed.success) {
            const errors = Object.fromEntries(
              describeIssues(parsed.error).map((i) => [`booking.${i.path}`, i.message]),
            );
            const [field, message] = Object.entries(errors)[0]!;
            throw new AppError(
              400,
              'invalid',
              `Check the request body: ${field}: ${message}`,
              errors,
            );
          }
          booking = parsed.data;
        }
        await updateTenantSettings(tx, tenantId, { config, booking });
        await recordAudit(tx, actor, {
          action: 'shop.update',
          entity: 'shop',
          entityId: tenantId,
          before: shopSwitchesOf({ row: tenant } as Tenant),
          after: shopSwitchesOf({ row: { ...tenant, config, booking } } as Tenant),
        });
        await recordLiveEvent(tx, {
          tenantId,
          storeId: null,
          kind: 'shop.changed',
          entityId: tenantId,
        });
        await announceShopChanged(tx, tenantId);
      });
      return this.shop(staff);
    },
  };
}
export type StoreControls = ReturnType<typeof createStoreControls>;
