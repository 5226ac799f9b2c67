/** Browser storage keys, spelled as SPEC.md §3 writes them (selectedAdress included). */
export const STORAGE_KEYS = {
  userData: 'userData',
  selectedAdress: 'selectedAdress',
  configData: 'configData',
  currencyObj: 'currencyObj',
  user: 'user',
  deliveryType: 'deliveryType',
  deliverOrPickup: 'deliverOrPickup',
  appView: 'isAppView',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app works without its cache.
  }
}
