import { normalisePostcode } from '@servery/contract/postcode';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The postcode the customer last checked delivery to on the menu (issue 20), kept for the next
 * visit and offered again when they add a delivery address at checkout.
 */
export function rememberedPostcode(): string | null {
  try {
    return normalisePostcode(localStorage.getItem(STORAGE_KEYS.deliveryPostcode) ?? '');
  } catch {
    return null;
  }
}

export function rememberPostcode(postcode: string | null): void {
  try {
    if (postcode) localStorage.setItem(STORAGE_KEYS.deliveryPostcode, postcode);
    else localStorage.removeItem(STORAGE_KEYS.deliveryPostcode);
  } catch {
    // Storage refused (private mode): the check still answers, it is just not remembered.
  }
}
