/**
 * The storefront's page paths (product.md §2), in one list: the web router draws its routes from it,
 * the store listing its layouts, and the server answers 404 for any other first segment.
 */

/** product.md §2's store listing paths; each has its own layout. */
export const STORE_LIST_PATHS = [
  'list_store',
  'list_store3',
  'list_store4',
  'list_store5',
  'list_store6',
  'list_store8',
  'list_store9',
  'list_store10',
  'list_store12',
] as const;
export type StoreListPath = (typeof STORE_LIST_PATHS)[number];

/** The first path segment of every storefront route of product.md §2 (besides brand landing pages). */
export const STOREFRONT_PATHS = [
  '',
  'login',
  'verification',
  'menu',
  'reservation',
  ...STORE_LIST_PATHS,
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
  // A newsletter e-mail's unsubscribe link (issue 17; not a product.md page).
  'unsubscribe',
  // The staff application (not a product.md page): served on every host of the shop.
  'admin',
] as const;

/** Whether a path is a storefront page (matching is case-insensitive, as the router's is). */
export function isStorefrontPath(path: string, brandSlugs: readonly string[]): boolean {
  const first = decodeURIComponent(path.split('?')[0]!.split('/')[1] ?? '').toLowerCase();
  return STOREFRONT_PATHS.some((p) => p.toLowerCase() === first) || brandSlugs.includes(first);
}
