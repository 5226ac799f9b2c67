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
  /** redux-persist's key for the persisted root store (only cartList is in it). */
  persistedRoot: 'persist:root',
  /** Session storage: the tab already reloaded once to pick up the configuration (SPEC §4). */
  configReloaded: 'servery:config-reloaded',
  /** Session storage: a friend's referral code from a `?ref=` link, sent when signing up. */
  referralCode: 'servery:referral-code',
  /** Session storage: the shop-closed dialog was dismissed; it stays away for the visit. */
  shopClosedDismissed: 'servery:shop-closed-dismissed',
  /** The store the customer orders from (its id), chosen on a store page. */
  chosenStore: 'servery:store',
} as const;

/** The cookie that records the visitor's cookie choice (SPEC §2), kept 365 days. */
export const COOKIE_CONSENT = { name: 'cookiesAccepted', days: 365 } as const;

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

/** What the site stores in the browser and why: the cookie policy prints this list. */
export const STORAGE_INVENTORY: { name: string; where: string; purpose: string; kept: string }[] = [
  {
    name: COOKIE_CONSENT.name,
    where: 'Cookie',
    purpose: 'Remembers your cookie choice.',
    kept: '365 days',
  },
  {
    name: STORAGE_KEYS.configData,
    where: 'Local storage',
    purpose: 'The shop’s settings, so pages open quickly.',
    kept: 'Until replaced',
  },
  {
    name: STORAGE_KEYS.currencyObj,
    where: 'Local storage',
    purpose: 'The currency prices are shown in.',
    kept: 'Until cleared',
  },
  {
    name: STORAGE_KEYS.persistedRoot,
    where: 'Local storage',
    purpose: 'Your basket.',
    kept: 'Until you order, clear it or sign out',
  },
  {
    name: STORAGE_KEYS.chosenStore,
    where: 'Local storage',
    purpose: 'The store you chose to order from.',
    kept: 'Until you choose another store',
  },
  {
    name: STORAGE_KEYS.userData,
    where: 'Local storage',
    purpose: 'Keeps you signed in.',
    kept: 'Until you sign out',
  },
  {
    name: STORAGE_KEYS.user,
    where: 'Local storage',
    purpose: 'The phone number or e-mail you are signing in with.',
    kept: 'Until sign-in completes',
  },
  {
    name: STORAGE_KEYS.selectedAdress,
    where: 'Local storage',
    purpose: 'The delivery address you chose.',
    kept: 'Until you sign out',
  },
  {
    name: STORAGE_KEYS.deliveryType,
    where: 'Local storage',
    purpose: 'Delivery or collection.',
    kept: 'Until you sign out',
  },
  {
    name: STORAGE_KEYS.deliverOrPickup,
    where: 'Local storage',
    purpose: 'ASAP or the time you chose.',
    kept: 'Until you sign out',
  },
  {
    name: STORAGE_KEYS.appView,
    where: 'Local storage',
    purpose: 'Whether the site was opened from the shop’s app.',
    kept: 'Until your next visit',
  },
  {
    name: STORAGE_KEYS.configReloaded,
    where: 'Session storage',
    purpose: 'Stops the page reloading more than once while settings load.',
    kept: 'Until you close the tab',
  },
  {
    name: STORAGE_KEYS.referralCode,
    where: 'Session storage',
    purpose: 'The invite code of the friend whose link you followed, sent when you sign up.',
    kept: 'Until you sign in or close the tab',
  },
];
