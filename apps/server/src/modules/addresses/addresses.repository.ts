import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressRequest } from '@servery/contract/address';
import type { Executor } from '../../db/client.ts';
import { customerAddresses } from '../../db/schema.ts';

export type AddressRow = typeof customerAddresses.$inferSelect;
export interface Owner {
  tenantId: string;
  customerId: string;
}

/** Every query names the shop and the customer: another customer's address is not found. */
const owned = (owner: Owner, id?: string) =>
  and(
    eq(customerAddresses.tenantId, owner.tenantId),
    eq(customerAddresses.customerId, owner.customerId),
    ...(id ? [eq(customerAddresses.id, id)] : []),
  );

const columns = (address: AddressRequest) => ({
  label: address.label,
  addressLine1: address.address_line1,
  addressLine2: address.address_line2,
  city: address.city,
  postcode: address.postcode,
  instructions: address.instructions,
  isDefault: address.is_default,
});

export async function listAddresses(db: Executor, owner: Owner): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(owned(owner))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.createdAt));
}

/** What an order keeps of its address. */
export const deliveryAddressColumns = {
  addressLine1: customerAddresses.addressLine1,
  addressLine2: customerAddresses.addressLine2,
  city: customerAddresses.city,
  postcode: customerAddresses.postcode,
  instructions: customerAddresses.instructions,
};
export interface DeliveryAddress {
  addressLine1: string;
  addressLine2: string;
  city: string;
  postcode: string;
  instructions: string;
}

/** Prepared once per database, as every order reads it. */
const prepareDeliveryAddress = (db: Executor) =>
  db
    .select(deliveryAddressColumns)
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.tenantId, sql.placeholder('tenantId')),
        eq(customerAddresses.customerId, sql.placeholder('customerId')),
        eq(customerAddresses.id, sql.placeholder('id')),
      ),
    )
    .prepare('delivery_address');
const deliveryAddresses = new WeakMap<Executor, ReturnType<typeof prepareDeliveryAddress>>();

export async function findDeliveryAddress(
  db: Executor,
  owner: Owner,
  id: string,
): Promise<DeliveryAddress | undefined> {
  let query = deliveryAddresses.get(db);
  if (!query) deliveryAddresses.set(db, (query = prepareDeliveryAddress(db)));
  const [row] = await query.execute({ ...owner, id });
  return row;
}

export async function countAddresses(db: Executor, owner: Owner): Promise<number> {
  return (await listAddresses(db, owner)).length;
}

export async function insertAddress(db: Executor, owner: Owner, address: AddressRequest) {
  const [row] = await db
    .insert(customerAddresses)
    .values({ ...owner, ...columns(address) })
    .returning();
  return row!;
}

export async function updateAddress(
  db: Executor,
  owner: Owner,
  id: string,
  address: AddressRequest,
  now: Date,
) {
  const [row] = await db
    .update(customerAddresses)
    .set({ ...columns(address), updatedAt: now })
    .where(owned(owner, id))
    .returning();
  return row;
}

/** Only one default: the others stop being it. */
export async function clearOtherDefaults(db: Executor, owner: Owner, keepId: string) {
  await db
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(owned(owner), ne(customerAddresses.id, keepId)));
}

export async function deleteAddress(db: Executor, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(customerAddresses)
    .where(owned(owner, id))
    .returning({ id: customerAddresses.id });
  return rows.length > 0;
}
