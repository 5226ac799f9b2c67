import type { Address } from '@servery/contract/address';
import { ORDER_TYPES, type OrderType } from '@servery/contract/order-types';
import { STORAGE_KEYS, readJson, writeJson } from '../../lib/storage-keys.ts';

/**
 * The checkout's remembered choices, under product.md §3's keys (sign-out clears them all):
 * deliveryType is delivery or collection, deliverOrPickup when ("asap" or a slot's instant),
 * selectedAdress the saved address chosen last.
 */
export function readOrderType(): OrderType | null {
  const value = readJson<unknown>(STORAGE_KEYS.deliveryType);
  return ORDER_TYPES.find((type) => type === value) ?? null;
}

export const saveOrderType = (type: OrderType) => writeJson(STORAGE_KEYS.deliveryType, type);

export function readWhen(): string | null {
  const value = readJson<unknown>(STORAGE_KEYS.deliverOrPickup);
  return typeof value === 'string' ? value : null;
}

export const saveWhen = (when: string) => writeJson(STORAGE_KEYS.deliverOrPickup, when);

/** The id of the address chosen last (an older or damaged copy counts as none). */
export function readSelectedAddressId(): string | null {
  const value = readJson<Partial<Address>>(STORAGE_KEYS.selectedAdress);
  return value && typeof value.id === 'string' ? value.id : null;
}

export const saveSelectedAddress = (address: Address) =>
  writeJson(STORAGE_KEYS.selectedAdress, address);
