import { configureStore } from '@reduxjs/toolkit';
import { cartLineId, type CartLine } from '@servery/contract/cart';
import { MAX_LINE_QUANTITY } from '@servery/contract/pricing';
import { afterEach, describe, expect, it } from 'vitest';
import { toasts } from '../../lib/toast.ts';
import {
  cartCleared,
  cartSlice,
  lineAdded,
  lineQuantityChanged,
  lineRemoved,
  selectCartCount,
  selectCartLines,
  selectCartStoreId,
  updateCart,
} from './cart-slice.ts';
import { selectItemCounts } from './item-counts.ts';

function createCart() {
  return configureStore({ reducer: { [cartSlice.name]: cartSlice.reducer } });
}

const spice = (level: string) => [{ group_id: 'spice', option_ids: [level] }];

function line(overrides: Partial<CartLine> & { item_id: string }): CartLine {
  const modifiers = overrides.modifiers ?? [];
  const note = overrides.note ?? '';
  return {
    id: cartLineId(overrides.item_id, modifiers, note),
    store_id: 'shoreditch',
    name: overrides.item_id,
    image: null,
    unit_price: 995,
    quantity: 1,
    modifier_names: [],
    ...overrides,
    modifiers,
    note,
  };
}

afterEach(() => toasts.set([]));

describe('the cart', () => {
  it('adds more of the same line instead of a second line', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan' }) }));
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan', quantity: 2 }) }));
    expect(selectCartLines(cart.getState())).toHaveLength(1);
    expect(selectCartLines(cart.getState())[0]!.quantity).toBe(3);
    expect(selectCartCount(cart.getState())).toBe(3);
    expect(cart.getState().cartList.cart_status).toBe(200);
  });

  it('keeps the same dish with other choices, or another note, as another line', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'tikka', modifiers: spice('mild') }) }));
    cart.dispatch(lineAdded({ line: line({ item_id: 'tikka', modifiers: spice('hot') }) }));
    cart.dispatch(
      lineAdded({ line: line({ item_id: 'tikka', modifiers: spice('hot'), note: 'no onion' }) }),
    );
    cart.dispatch(lineAdded({ line: line({ item_id: 'tikka', modifiers: spice('mild') }) }));
    const lines = selectCartLines(cart.getState());
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      ['tikka|spice=mild|', 2],
      ['tikka|spice=hot|', 1],
      ['tikka|spice=hot|no onion', 1],
    ]);
    expect(selectCartCount(cart.getState())).toBe(4);
  });

  it('never holds more than the most a line may have', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan', quantity: MAX_LINE_QUANTITY }) }));
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan', quantity: 5 }) }));
    expect(selectCartCount(cart.getState())).toBe(MAX_LINE_QUANTITY);
  });

  it('changes a line’s quantity within 1 and the maximum', () => {
    const cart = createCart();
    const naan = line({ item_id: 'naan' });
    cart.dispatch(lineAdded({ line: naan }));
    cart.dispatch(lineQuantityChanged({ id: naan.id, quantity: 4 }));
    expect(selectCartCount(cart.getState())).toBe(4);
    cart.dispatch(lineQuantityChanged({ id: naan.id, quantity: 0 }));
    expect(selectCartCount(cart.getState())).toBe(1);
    cart.dispatch(lineQuantityChanged({ id: naan.id, quantity: 999 }));
    expect(selectCartCount(cart.getState())).toBe(MAX_LINE_QUANTITY);
  });

  it('removes one line and keeps the others', () => {
    const cart = createCart();
    const naan = line({ item_id: 'naan' });
    cart.dispatch(lineAdded({ line: naan }));
    cart.dispatch(lineAdded({ line: line({ item_id: 'dal' }) }));
    cart.dispatch(lineRemoved(naan.id));
    expect(selectCartLines(cart.getState()).map((l) => l.item_id)).toEqual(['dal']);
  });

  it('clearing sets cart data to an empty object (product.md §4)', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan' }) }));
    cart.dispatch(cartCleared());
    expect(cart.getState().cartList.cart_list_data).toEqual({});
    expect(selectCartCount(cart.getState())).toBe(0);
    expect(selectCartStoreId(cart.getState())).toBeNull();
    // And the cart works again afterwards.
    cart.dispatch(lineAdded({ line: line({ item_id: 'dal' }) }));
    expect(selectCartCount(cart.getState())).toBe(1);
  });

  it('an update without data fails with product.md §8’s toast and keeps the cart', () => {
    const cart = createCart();
    cart.dispatch(updateCart([line({ item_id: 'naan', quantity: 2 })]));
    expect(cart.getState().cartList.cart_status).toBe(200);
    cart.dispatch(updateCart(undefined));
    expect(toasts.get().map((t) => [t.kind, t.message])).toEqual([
      ['error', '!Opps something went wrong'],
    ]);
    expect(cart.getState().cartList.cart_status).toBe(2);
    expect(selectCartCount(cart.getState())).toBe(2);
  });

  it('refuses a dish from another store unless the customer chose a new cart', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan' }) }));
    cart.dispatch(lineAdded({ line: line({ item_id: 'dal', store_id: 'camden' }) }));
    expect(selectCartLines(cart.getState()).map((l) => l.item_id)).toEqual(['naan']);
    expect(selectCartStoreId(cart.getState())).toBe('shoreditch');

    cart.dispatch(
      lineAdded({ line: line({ item_id: 'dal', store_id: 'camden' }), startNewCart: true }),
    );
    expect(selectCartLines(cart.getState()).map((l) => l.item_id)).toEqual(['dal']);
    expect(selectCartStoreId(cart.getState())).toBe('camden');
  });

  it('leaves out lines it cannot read (an older or damaged copy) from count and list', () => {
    const cart = createCart();
    cart.dispatch(
      updateCart([line({ item_id: 'naan' }), { id: 'old', quantity: 3 } as unknown as CartLine]),
    );
    expect(selectCartLines(cart.getState()).map((l) => l.item_id)).toEqual(['naan']);
    expect(selectCartCount(cart.getState())).toBe(1);
  });
});

describe('how many of each dish', () => {
  it('adds up every line of a dish, whatever its choices', () => {
    const cart = createCart();
    cart.dispatch(lineAdded({ line: line({ item_id: 'curry', modifiers: spice('mild') }) }));
    cart.dispatch(
      lineAdded({ line: line({ item_id: 'curry', modifiers: spice('hot'), quantity: 2 }) }),
    );
    cart.dispatch(lineAdded({ line: line({ item_id: 'naan' }) }));
    const counts = selectItemCounts(cart.getState());
    expect(Object.fromEntries(counts)).toEqual({ curry: 3, naan: 1 });
    // The same map while the cart is unchanged (the menu's cards do not re-render).
    expect(selectItemCounts(cart.getState())).toBe(counts);
  });
});
