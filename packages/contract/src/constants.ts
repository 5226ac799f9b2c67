/**
 * Constants and helpers with no schema behind them, so the web app can import them without
 * bringing zod into every page.
 */

/** The page title when the configuration has no websiteName (SPEC §1). */
export const PRODUCT_NAME = 'Servery';

/** Where a tenant's logos, favicon and banners are served (SPEC §3). */
export function tenancyAssetPath(file: string): string {
  return `/tenancy/assets/${encodeURIComponent(file)}`;
}

/** SPEC §1 and §9: the default currency is GBP with sign £, kept as value, label and sign. */
export const DEFAULT_CURRENCY = { value: 'GBP', label: 'GBP', sign: '£' } as const;

/** The id of the JSON data block in which the server hands the page its configuration. */
export const CONFIG_ELEMENT_ID = 'servery-config';

/** The first path segment of every storefront route of SPEC §2 (besides brand landing pages). */
export const STOREFRONT_PATHS = [
  '',
  'login',
  'verification',
  'menu',
  'reservation',
  'list_store',
  'list_store3',
  'list_store4',
  'list_store5',
  'list_store6',
  'list_store8',
  'list_store9',
  'list_store10',
  'list_store12',
  'store',
  'stores',
  'cart',
  'checkout',
  'payment',
  'orders',
  'promo',
  'invite-friends',
  'account',
  'privacy',
  'terms',
  'CookiePolicy',
  // A newsletter e-mail's unsubscribe link (issue 17; not a SPEC page).
  'unsubscribe',
  // The staff application (not a SPEC page): served on every host of the shop.
  'admin',
] as const;

/** Whether a path is a storefront page (matching is case-insensitive, as the router's is). */
export function isStorefrontPath(path: string, brandSlugs: readonly string[]): boolean {
  const first = decodeURIComponent(path.split('?')[0]!.split('/')[1] ?? '').toLowerCase();
  return STOREFRONT_PATHS.some((p) => p.toLowerCase() === first) || brandSlugs.includes(first);
}
