import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { AvailableTimings, OrderLine } from '@servery/contract/order';
import type { Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { orders, stores } from '../../../db/schema.ts';
import { SLOT_MINUTES } from '../../stores/timings.ts';
import type { OrderStore } from './store-check.ts';

const SLOT_MS = SLOT_MINUTES * 60_000;

/** The quarter hour an order is due in (every zone's offset is a multiple of 15 minutes). */
export const slotStartOf = (at: Date) => Math.floor(at.getTime() / SLOT_MS) * SLOT_MS;

/** What an order takes of its slot's cap (issue 28): one order, or its dishes. */
export interface SlotClaim {
  tenantId: string;
  storeId: string;
  limit: number;
  unit: 'orders' | 'dishes';
  slotStart: number;
  amount: number;
  asap: boolean;
}

export function slotClaimOf(
  store: Pick<OrderStore, 'id' | 'tenantId' | 'slotCap' | 'slotCapUnit'>,
  scheduledFor: Date,
  lines: readonly Pick<OrderLine, 'quantity'>[],
  asap: boolean,
): SlotClaim | null {
  if (store.slotCap === null) return null;
  const dishes = lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    tenantId: store.tenantId,
    storeId: store.id,
    limit: store.slotCap,
    unit: store.slotCapUnit,
    slotStart: slotStartOf(scheduledFor),
    amount: store.slotCapUnit === 'dishes' ? dishes : 1,
    asap,
  };
}

/** Orders that hold a place: all but the failed, cancelled and rejected. */
const HOLDING = sql`${orders.status} not in ('payment_failed', 'cancelled', 'rejected')`;
const DISHES = sql<number>`coalesce(sum((select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(${orders.lines}) l)), 0)::int`;

/** Orders and dishes per slot start (ms) of the store's orders due in [from, to). */
export async function slotUsage(
  db: Executor,
  tenantId: string,
  storeId: string,
  from: Date,
  to: Date,
): Promise<Map<number, { orders: number; dishes: number }>> {
  const slot = sql<string>`floor(extract(epoch from ${orders.scheduledFor}) / ${sql.raw(String(SLOT_MS / 1000))})::bigint`;
  const rows = await db
    .select({ slot, orders: sql<number>`count(*)::int`, dishes: DISHES })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.tenantId, tenantId),
        gte(orders.scheduledFor, from),
        lt(orders.scheduledFor, to),
        HOLDING,
      ),
    )
    .groupBy(slot);
  return new Map(
    rows.map((r) => [
      Number(r.slot) * SLOT_MS,
      { orders: Number(r.orders), dishes: Number(r.dishes) },
    ]),
  );
}

/**
 * Takes the order's place in its slot, inside the order's transaction: the store's row is
 * locked first, so orders for the same store count one after another and the last place
 * cannot go twice (no read-then-write race). A full slot is a 409 naming `when`.
 */
export async function takeSlotPlace(tx: Executor, claim: SlotClaim): Promise<void> {
  await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, claim.tenantId), eq(stores.id, claim.storeId)))
    .for('update');
  const start = new Date(claim.slotStart);
  const usage = await slotUsage(
    tx,
    claim.tenantId,
    claim.storeId,
    start,
    new Date(claim.slotStart + SLOT_MS),
  );
  const used = usage.get(claim.slotStart);
  const taken = claim.unit === 'dishes' ? (used?.dishes ?? 0) : (used?.orders ?? 0);
  if (taken + claim.amount <= claim.limit) return;
  const message =
    claim.unit === 'dishes' && taken === 0
      ? `This order has more dishes than the kitchen takes in a quarter of an hour (${claim.limit}). Please order fewer dishes or split the order.`
      : claim.asap
        ? 'The kitchen is full for the next quarter of an hour. Please choose a later time.'
        : 'That time has just filled up. Please choose another time.';
  throw new AppError(409, 'slot_full', message, { when: message });
}

/** Whether a slot can take one more order of `amount` (the timings' view, without a lock). */
export function slotHasRoom(
  usage: ReadonlyMap<number, { orders: number; dishes: number }>,
  store: Pick<OrderStore, 'slotCap' | 'slotCapUnit'>,
  slotStart: number,
): boolean {
  if (store.slotCap === null) return true;
  const used = usage.get(slotStart);
  const taken = store.slotCapUnit === 'dishes' ? (used?.dishes ?? 0) : (used?.orders ?? 0);
  // A slot is offered while a one-dish order still fits.
  return taken + 1 <= store.slotCap;
}

/**
 * The timings without the slots that are full (issue 28): a full quarter hour is not offered,
 * and ASAP goes when its quarter hour is full. Days left without slots go too.
 */
export async function withoutFullSlots(
  db: Executor,
  store: Pick<OrderStore, 'id' | 'tenantId' | 'slotCap' | 'slotCapUnit'>,
  timings: AvailableTimings,
  now: Date,
): Promise<AvailableTimings> {
  if (store.slotCap === null) return timings;
  const last = timings.days.at(-1)?.slots.at(-1)?.at;
  const until = new Date(Math.max(now.getTime(), last ? Date.parse(last) : 0) + SLOT_MS);
  const usage = await slotUsage(db, store.tenantId, store.id, new Date(slotStartOf(now)), until);
  const room = (at: string) => slotHasRoom(usage, store, slotStartOf(new Date(at)));
  const asap =
    timings.asap.at && !room(timings.asap.at)
      ? { available: false, at: null, minutes: null, closes_at: null, full: true }
      : timings.asap;
  const days = timings.days
    .map((day) => ({ ...day, slots: day.slots.filter((slot) => room(slot.at)) }))
    .filter((day) => day.slots.length > 0);
  return { ...timings, asap, days };
}
