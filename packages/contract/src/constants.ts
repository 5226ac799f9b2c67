/**
 * Constants and helpers with no schema behind them, so the web app can import them without
 * bringing zod into every page.
 */

/** The page title when the configuration has no websiteName (product.md §1). */
export const PRODUCT_NAME = 'Servery';

/** Where a tenant's logos, favicon and banners are served (product.md §3). */
export function tenancyAssetPath(file: string): string {
  return `/tenancy/assets/${encodeURIComponent(file)}`;
}

/** product.md §1 and §9: the default currency is GBP with sign £, kept as value, label and sign. */
export const DEFAULT_CURRENCY = { value: 'GBP', label: 'GBP', sign: '£' } as const;

/** The id of the JSON data block in which the server hands the page its configuration. */
export const CONFIG_ELEMENT_ID = 'servery-config';

/** The id of the JSON data block in which the server hands the page the answer of GET /api/store. */
export const STORES_ELEMENT_ID = 'servery-stores';

/**
 * The cookie that records the visitor's cookie choice (product.md §2), kept 365 days. The server
 * reads it too: a page for a visitor without it preloads the cookie question (decision 26).
 */
export const COOKIE_CONSENT = { name: 'cookiesAccepted', days: 365 } as const;

/**
 * The title of the shop's closed dialog (SPEC §1); the home pages print it under the shop's
 * closed switch where a store's hours would be (`closedStores`, decision 79).
 */
export const SHOP_CLOSED_TITLE = "We're currently closed";
