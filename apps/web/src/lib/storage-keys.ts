/** Browser storage keys, spelled as product.md §3 writes them (selectedAdress included). */
export const STORAGE_KEYS = {
  userData: 'userData',
  selectedAdress: 'selectedAdress',
  configData: 'configData',
  currencyObj: 'currencyObj',
  user: 'user',
  deliveryType: 'deliveryType',
  deliverOrPickup: 'deliverOrPickup',
  appView: 'isAppView',
  /** redux-persist's key for the persisted root store (only cartList is in it). */
  persistedRoot: 'persist:root',
  /** Session storage: the tab already reloaded once to pick up the configuration (product.md §4). */
  configReloaded: 'servery:config-reloaded',
  /** Session storage: a friend's referral code from a `?ref=` link, sent when signing up. */
  referralCode: 'servery:referral-code',
  /** Session storage: the shop-closed dialog was dismissed; it stays away for the visit. */
  shopClosedDismissed: 'servery:shop-closed-dismissed',
  /** The store the customer orders from (its id), chosen on a store page. */
  chosenStore: 'servery:store',
  /** The postcode the customer last checked delivery to on the menu (issue 20). */
  deliveryPostcode: 'servery:delivery-postcode',
  /** Session storage (staff app): service was started in this tab; a reload offers to resume it. */
  staffService: 'servery:staff-service',
  /** Session storage (staff app): the desk moves this tab made that can still be undone. */
  deskMadeMoves: 'servery:desk-undo',
  /** Session storage: where sign-in returns the customer (issue 30), with when it was set. */
  returnTo: 'servery:return-to',
} as const;

export { COOKIE_CONSENT } from '@servery/contract/constants';

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
