import { formatMoney } from '@servery/contract/pricing';
import { cachedConfig } from '../lib/shop-config.ts';
import { DEFAULT_TIME_ZONE } from '../lib/shop-time.ts';
import { useSessionQuery } from './admin-api.ts';

/**
 * The shop's clock for the staff application, from the staff session. (The storefront's
 * `useShopTimeZone` asks the storefront's API, which is not in the staff application's store.)
 */
export function useAdminTimeZone(): string {
  return useSessionQuery().data?.shop.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The shop's currency sign (the configuration embedded in the page, £ without it). */
export const adminCurrencySign = () => cachedConfig()?.currency.sign ?? '£';

/** Pence in the shop's currency. */
export const adminMoney = (minor: number) => formatMoney(minor, { sign: adminCurrencySign() });
