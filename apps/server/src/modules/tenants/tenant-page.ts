import type { ShopConfig } from '@servery/contract/config';
import { CONFIG_ELEMENT_ID, PRODUCT_NAME, tenancyAssetPath } from '@servery/contract/constants';
import { escapeHtml } from '../../lib/escape-html.ts';

/** JSON that is safe inside a <script> data block: no "</script>", no HTML comment openers. */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The web app's index.html dressed for one shop: its title and favicon, and its configuration
 * as a JSON data block, so the first paint already has the name, logo and colours and a first
 * visit never finds the configuration missing (no reload, no layout shift).
 */
export function renderShopPage(indexHtml: string, config: ShopConfig): string {
  const head =
    `<link rel="icon" href="${tenancyAssetPath(config.favicon)}">` +
    `<meta name="theme-color" content="${escapeHtml(config.colorPalatte)}">` +
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  const title = `<title>${escapeHtml(config.websiteName || PRODUCT_NAME)}</title>`;
  // Replacement functions, not strings: a string would expand "$&" and "$`" in shop text.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace('</head>', () => `${head}</head>`);
}
