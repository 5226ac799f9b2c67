import type { Page } from 'playwright-core';

/** A persisted root store (persist:root) whose basket holds one dish per quantity given. */
export const cartWith = (quantities: number[]) => ({
  'persist:root': JSON.stringify({
    cartList: JSON.stringify({
      cart_status: 200,
      cart_list_data: {
        cartData: quantities.map((quantity, i) => ({
          id: `line-${i}`,
          item_id: `item-${i}`,
          store_id: 'store-1',
          name: `Dish ${i}`,
          image: null,
          unit_price: 450,
          quantity,
          modifiers: [],
          modifier_names: [],
          note: '',
        })),
      },
    }),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  }),
});

/** The number on the header's cart icon. */
export const badge = (page: Page) => page.getByTestId('cart-badge');

/** The basket's data in the persisted root store, or null when it has none. */
export const cartData = (page: Page) =>
  page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
    return root.cartList ? JSON.parse(root.cartList).cart_list_data : null;
  });
