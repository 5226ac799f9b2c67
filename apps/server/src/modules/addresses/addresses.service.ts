import { ADDRESS_MESSAGES, type Address, type AddressRequest } from '@servery/contract/address';
import { postcodeDistrict } from '@servery/contract/postcode';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Tenant } from '../tenants/tenants.repository.ts';
import { requireDeliveryArea } from './delivery-area.ts';
import {
  clearOtherDefaults,
  countAddresses,
  deleteAddress,
  findDeliveryAddress,
  insertAddress,
  listAddresses,
  updateAddress,
  type AddressRow,
  type Owner,
} from './addresses.repository.ts';

/** Enough for home, work and family; more is a sign of something else going on. */
export const MAX_ADDRESSES = 20;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    label: row.label,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postcode: row.postcode,
    district: postcodeDistrict(row.postcode),
    instructions: row.instructions,
    is_default: row.isDefault,
  };
}

export async function getAddresses(db: Database, owner: Owner): Promise<Address[]> {
  return (await listAddresses(db, owner)).map(toAddress);
}

export async function addAddress(
  db: Database,
  owner: Owner,
  input: AddressRequest,
  tenant: Tenant,
) {
  requireDeliveryArea(tenant, input.postcode);
  return db.transaction(async (tx) => {
    const existing = await countAddresses(tx, owner);
    if (existing >= MAX_ADDRESSES) {
      throw new AppError(
        422,
        'too_many_addresses',
        `You can keep up to ${MAX_ADDRESSES} addresses. Delete one you no longer use first.`,
      );
    }
    // The first address is the default whatever was asked.
    const row = await insertAddress(tx, owner, {
      ...input,
      is_default: input.is_default || existing === 0,
    });
    if (row.isDefault) await clearOtherDefaults(tx, owner, row.id);
    return toAddress(row);
  });
}

export async function changeAddress(
  db: Database,
  owner: Owner,
  id: string,
  input: AddressRequest,
  { now, tenant }: { now: Date; tenant: Tenant },
) {
  if (!isUuid(id)) throw notFound(ADDRESS_MESSAGES.notFound);
  // A new postcode must be delivered to; an address kept as it was (made the default, a label
  // changed) stays whatever the zones have become since.
  const before = await findDeliveryAddress(db, owner, id);
  if (before && before.postcode !== input.postcode) requireDeliveryArea(tenant, input.postcode);
  return db.transaction(async (tx) => {
    const row = await updateAddress(tx, owner, id, input, now);
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    if (row.isDefault) await clearOtherDefaults(tx, owner, row.id);
    return toAddress(row);
  });
}

export async function removeAddress(db: Database, owner: Owner, id: string) {
  if (!isUuid(id) || !(await deleteAddress(db, owner, id))) {
    throw notFound(ADDRESS_MESSAGES.notFound);
  }
}

export async function ownedAddress(db: Executor, owner: Owner, id: string) {
  return isUuid(id) ? findDeliveryAddress(db, owner, id) : undefined;
}
