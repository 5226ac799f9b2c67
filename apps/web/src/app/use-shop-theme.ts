import { useEffect } from 'react';
import type { ShopConfig } from '@servery/contract/config';
import { PRODUCT_NAME, tenancyAssetPath } from '@servery/contract/constants';
import { readableTextOn } from '@servery/contract/colour';
import { pageTitle } from './page-title.ts';

/**
 * Dresses the page in the shop's configuration: title from websiteName (else the product
 * name, product.md §1), favicon, and colours as CSS variables.
 */
export function applyShopTheme(config: ShopConfig | null): void {
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
}

export function useShopTheme(config: ShopConfig | null, pathname: string): void {
  useEffect(() => applyShopTheme(config), [config]);
  // After the theme, so each page's own title wins over the bare shop name.
  useEffect(() => {
    document.title = pageTitle(pathname, config?.websiteName);
  }, [config, pathname]);
}
