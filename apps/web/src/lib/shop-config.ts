import type { ShopConfig } from '@servery/contract/config';
import { CONFIG_ELEMENT_ID } from '@servery/contract/constants';
import type { Envelope } from '@servery/contract/envelope';
import { api } from './api.ts';
import { STORAGE_KEYS, readJson, writeJson } from './storage-keys.ts';

const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    loadConfig: build.query<ShopConfig, void>({
      query: () => ({ url: '/loadconfig', method: 'POST' }),
      transformResponse: (response: Envelope<ShopConfig>) => response.data,
      providesTags: ['Config'],
    }),
  }),
});

export const { useLoadConfigQuery } = configApi;

/** The configuration cached under `configData` by the last visit, if any. */
let parsed: { raw: string | null; config: ShopConfig | null } = { raw: null, config: null };

/** The same object while the stored text is the same, so effects keyed on it do not re-run. */
export function cachedConfig(): ShopConfig | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.configData);
  } catch {
    // Storage disabled: no cached configuration.
  }
  if (raw !== parsed.raw)
    parsed = { raw, config: raw ? readJson<ShopConfig>(STORAGE_KEYS.configData) : null };
  return parsed.config;
}

export function cacheConfig(config: ShopConfig): void {
  writeJson(STORAGE_KEYS.configData, config);
}

/** The configuration as the page should use it now: fresh when loaded, else the cached copy. */
export function useShopConfig(): ShopConfig | null {
  const { data } = useLoadConfigQuery();
  return data ?? cachedConfig();
}

/**
 * Takes the configuration the server embedded in the page (a JSON data block) into the
 * configData cache; answers the configuration the page should start with.
 */
export function adoptEmbeddedConfig(): ShopConfig | null {
  const text = document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      cacheConfig(JSON.parse(text) as ShopConfig);
    } catch {
      // A damaged block: the page fetches the configuration as on any first visit.
    }
  }
  return cachedConfig();
}
