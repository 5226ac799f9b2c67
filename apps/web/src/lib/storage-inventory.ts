import { COOKIE_CONSENT, STORAGE_KEYS } from './storage-keys.ts';

/**
 * What the site stores in the browser and why: the cookie policy prints this list (kept apart
 * from storage-keys.ts, which every page reads).
 */
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
    purpose: 'The store you chose or last ordered from.',
    kept: 'Until you choose another store',
  },
  {
    name: STORAGE_KEYS.deliveryPostcode,
    where: 'Local storage',
    purpose: 'The postcode you checked delivery to, for the delivery fee and time on the menu.',
    kept: 'Until you change it',
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
  {
    name: STORAGE_KEYS.shopClosedDismissed,
    where: 'Session storage',
    purpose: 'You closed the “we are closed” notice, so it does not open again on every page.',
    kept: 'Until you close the tab',
  },
  {
    name: STORAGE_KEYS.returnTo,
    where: 'Session storage',
    purpose: 'The page to bring you back to after you sign in, and when you left it.',
    kept: 'Until you sign in, 30 minutes, or until you close the tab',
  },
  {
    name: STORAGE_KEYS.staffService,
    where: 'Session storage',
    purpose: 'Staff only: service was started on this screen, so a reload offers to resume it.',
    kept: 'Until service is stopped or the tab is closed',
  },
  {
    name: STORAGE_KEYS.deskMadeMoves,
    where: 'Session storage',
    purpose:
      'Staff only: the order moves made on this screen in the last two minutes, so their undo survives a reload.',
    kept: 'Two minutes, or until sign-out or the tab is closed',
  },
];
