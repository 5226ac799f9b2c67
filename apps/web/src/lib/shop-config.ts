import type { ShopConfig } from '@servery/contract/config';
import { api, type Envelope } from './api.ts';
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
export function cachedConfig(): ShopConfig | null {
  return readJson<ShopConfig>(STORAGE_KEYS.configData);
}

export function cacheConfig(config: ShopConfig): void {
  writeJson(STORAGE_KEYS.configData, config);
}

/** The configuration as the page should use it now: fresh when loaded, else the cached copy. */
export function useShopConfig(): ShopConfig | null {
  const { data } = useLoadConfigQuery();
  return data ?? cachedConfig();
}
