import { useEffect } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { PRODUCT_NAME, tenancyAssetPath } from '@servery/contract/constants';
import { readableTextOn } from '../lib/colour.ts';
import { cacheConfig, useLoadConfigQuery, useShopConfig } from '../lib/shop-config.ts';

/**
 * Dresses the page in the shop's configuration: title from websiteName (else the product
 * name), favicon, and colours as CSS variables. A fresh configuration replaces the cached one.
 */
export function useShopTheme(): ShopConfig | null {
  const { data: fresh } = useLoadConfigQuery();
  const config = useShopConfig();

  useEffect(() => {
    if (fresh) cacheConfig(fresh);
  }, [fresh]);

  useEffect(() => {
    document.title = config?.websiteName || PRODUCT_NAME;
    if (!config) return;
    const root = document.documentElement.style;
    root.setProperty('--shop-primary', config.colorPalatte);
    root.setProperty('--shop-secondary', config.SecondaryColorPalatte);
    root.setProperty('--shop-on-primary', readableTextOn(config.colorPalatte));
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.href = tenancyAssetPath(config.favicon);
  }, [config]);

  return config;
}
