import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@servery/contract/constants';
import { pageTitle } from './page-title.ts';

describe('pageTitle', () => {
  it('names the page, then the shop', () => {
    expect(pageTitle('/menu', 'Tandoor Lane')).toBe('Menu · Tandoor Lane');
    expect(pageTitle('/cart', 'Tandoor Lane')).toBe('Basket · Tandoor Lane');
    expect(pageTitle('/terms', 'Tandoor Lane')).toBe('Terms and conditions · Tandoor Lane');
    expect(pageTitle('/orders/abc', 'Tandoor Lane')).toBe('Your order · Tandoor Lane');
    expect(pageTitle('/store/1/product-details/2', 'Tandoor Lane')).toBe('Dish · Tandoor Lane');
    expect(pageTitle('/list_store4', 'Tandoor Lane')).toBe('Stores · Tandoor Lane');
  });

  it('gives every storefront page a different title from the home page', () => {
    const home = pageTitle('/', 'Tandoor Lane');
    expect(home).toBe('Tandoor Lane');
    for (const path of ['/login', '/verification', '/menu', '/checkout', '/reservation']) {
      expect(pageTitle(path, 'Tandoor Lane')).not.toBe(home);
    }
  });

  it('falls back to the product name without a websiteName (product.md §1)', () => {
    expect(pageTitle('/menu', '')).toBe(`Menu · ${PRODUCT_NAME}`);
    expect(pageTitle('/', undefined)).toBe(PRODUCT_NAME);
  });
});
