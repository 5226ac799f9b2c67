import { useMemo } from 'react';
import type { Currency } from '@servery/contract/currency';
import { DEFAULT_CURRENCY } from '@servery/contract/constants';
import { formatMoney } from '@servery/contract/pricing';
import { useShopConfig } from './shop-config.ts';
import { STORAGE_KEYS, readJson } from './storage-keys.ts';

/**
 * The currency prices are shown in: the one kept under currencyObj (product.md §1), else the shop's,
 * else GBP (£).
 */
export function shopCurrency(fallback?: Pick<Currency, 'sign'>): Pick<Currency, 'sign'> {
  const stored = readJson<Partial<Currency>>(STORAGE_KEYS.currencyObj);
  if (stored && typeof stored.sign === 'string' && stored.sign) return { sign: stored.sign };
  return fallback ?? DEFAULT_CURRENCY;
}

export type MoneyFormatter = (minor: number) => string;

/** Formats pence in the shop's currency (pricing.ts formatMoney); stable while it is the same. */
export function useMoney(): MoneyFormatter {
  const config = useShopConfig();
  const sign = shopCurrency(config?.currency).sign;
  return useMemo(() => (minor: number) => formatMoney(minor, { sign }), [sign]);
}
