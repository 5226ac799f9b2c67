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
