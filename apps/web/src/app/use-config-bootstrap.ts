import { useEffect, useState } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { DEFAULT_CURRENCY } from '@servery/contract/constants';
import { toastServerError } from '../lib/api.ts';
import { cacheConfig, cachedConfig, useLoadConfigQuery } from '../lib/shop-config.ts';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';

/** product.md §9: the configuration's loading flag ends on success or after 2000 ms. */
export const CONFIG_LOADING_FALLBACK_MS = 2000;

/**
 * product.md §4 "Configuration": the configuration is cached under configData. When it was missing,
 * it is fetched, cached and the page reloads: once per tab session, never in a loop. Also
 * stores the default currency (GBP, £) when none is chosen yet.
 */
export function useConfigBootstrap(): { config: ShopConfig | null; loading: boolean } {
  const [hadCache] = useState(() => cachedConfig() !== null);
  const { data, error, isSuccess } = useLoadConfigQuery();
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CONFIG_LOADING_FALLBACK_MS);
    // product.md §1: the currency defaults to GBP (£), whether or not the configuration loads.
    if (!localStorage.getItem(STORAGE_KEYS.currencyObj)) {
      localStorage.setItem(
        STORAGE_KEYS.currencyObj,
        JSON.stringify(cachedConfig()?.currency ?? DEFAULT_CURRENCY),
      );
    }
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!data) return;
    cacheConfig(data);
    // There is no currency picker: the stored currency follows the shop's, so a shop that
    // changes currency never shows returning customers the old sign.
    const currency = JSON.stringify(data.currency ?? DEFAULT_CURRENCY);
    if (localStorage.getItem(STORAGE_KEYS.currencyObj) !== currency) {
      localStorage.setItem(STORAGE_KEYS.currencyObj, currency);
    }
    if (!hadCache && cachedConfig() && !sessionStorage.getItem(STORAGE_KEYS.configReloaded)) {
      sessionStorage.setItem(STORAGE_KEYS.configReloaded, '1');
      location.reload();
    }
  }, [data, hadCache]);

  useEffect(() => {
    if (error) toastServerError(error);
  }, [error]);

  return { config: data ?? cachedConfig(), loading: !isSuccess && !error && !timedOut };
}
