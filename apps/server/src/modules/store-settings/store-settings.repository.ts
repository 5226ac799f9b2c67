import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';
import type { StoreRow } from '../service/service.repository.ts';

type Zones = StoreRow['deliveryZones'];

/** The store's zones, and their version moved on (the row is locked by the caller). */
export async function saveZones(tx: Executor, store: StoreRow, zones: Zones) {
  const [row] = await tx
    .update(stores)
    .set({ deliveryZones: zones, zonesVersion: store.zonesVersion + 1, updatedAt: sql`now()` })
    .where(eq(stores.id, store.id))
    .returning();
  return row!;
}

export type AutomationValues = Pick<
  StoreRow,
  'slotCap' | 'slotCapUnit' | 'autoAcceptMinutes' | 'autoPrint'
>;

export async function saveAutomation(tx: Executor, store: StoreRow, values: AutomationValues) {
  const [row] = await tx
    .update(stores)
    .set({ ...values, automationVersion: store.automationVersion + 1, updatedAt: sql`now()` })
    .where(eq(stores.id, store.id))
    .returning();
  return row!;
}
