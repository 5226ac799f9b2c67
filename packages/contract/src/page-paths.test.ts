import { describe, expect, it } from 'vitest';
import { STOREFRONT_PATHS, STORE_LIST_PATHS, isStorefrontPath } from './page-paths.ts';

describe('page paths', () => {
  it('holds every store listing path of product.md §2 among the storefront paths', () => {
    expect(STORE_LIST_PATHS).toHaveLength(9);
    expect(STORE_LIST_PATHS).toContain('list_store');
    expect(STORE_LIST_PATHS).toContain('list_store12');
    expect(STORE_LIST_PATHS).not.toContain('list_store7');
    for (const path of STORE_LIST_PATHS) expect(STOREFRONT_PATHS).toContain(path);
  });

  it('knows storefront pages by their first segment, case-insensitively, and brand pages', () => {
    expect(isStorefrontPath('/', [])).toBe(true);
    expect(isStorefrontPath('/LIST_STORE9?x=1', [])).toBe(true);
    expect(isStorefrontPath('/cookiepolicy', [])).toBe(true);
    expect(isStorefrontPath('/orders/123', [])).toBe(true);
    expect(isStorefrontPath('/pizza-palace', ['pizza-palace'])).toBe(true);
    expect(isStorefrontPath('/list_store7', [])).toBe(false);
    expect(isStorefrontPath('/nowhere', ['pizza-palace'])).toBe(false);
  });
});
