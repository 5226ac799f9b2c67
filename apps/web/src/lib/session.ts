import { useSyncExternalStore } from 'react';
import type { Customer, UserData } from '@servery/contract/auth';
import { createExternalStore } from './external-store.ts';
import { STORAGE_KEYS, readJson } from './storage-keys.ts';

/** product.md §3: userData holds the token and a customer with first_name (verify-otp's answer). */
export type { UserData };

const current = createExternalStore<UserData | null>(readUserData());

function readUserData(): UserData | null {
  const data = readJson<UserData>(STORAGE_KEYS.userData);
  return data && typeof data.token === 'string' && data.customer ? data : null;
}

export function signIn(data: UserData): void {
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(data));
  current.set(data);
}

/** Keeps the stored customer in step with the server's (after a profile edit, say). */
export function updateStoredCustomer(customer: Customer): void {
  const data = current.get();
  if (data) signIn({ ...data, customer });
}

/** Callbacks that reset client state on sign-out (the store registers one: app/app-state.ts). */
const onSignOut = new Set<() => void>();
export function whenSignedOut(reset: () => void): () => void {
  onSignOut.add(reset);
  return () => onSignOut.delete(reset);
}

/**
 * product.md §4 "Sign out": clears the stored user data, address, persisted store, delivery type and
 * pickup choice, and resets what the client knew of the user. Local only: no server call.
 */
export function signOut(): void {
  for (const key of [
    STORAGE_KEYS.userData,
    STORAGE_KEYS.selectedAdress,
    STORAGE_KEYS.persistedRoot,
    STORAGE_KEYS.deliveryType,
    STORAGE_KEYS.deliverOrPickup,
  ]) {
    localStorage.removeItem(key);
  }
  current.set(null);
  onSignOut.forEach((reset) => reset());
}

export const currentUserData = () => current.get();
export const useUserData = () => useSyncExternalStore(current.subscribe, current.get);
