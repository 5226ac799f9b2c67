import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AsyncStatus } from '@servery/contract/envelope';

/** One line of the cart; the menu feature fills in item, store, modifiers and note. */
export interface CartLine {
  id: string;
  quantity: number;
  [field: string]: unknown;
}

/** SPEC §3: cart_status and cart_list_data (an object with a cartData list). */
export interface CartState {
  cart_status: AsyncStatus | null;
  cart_list_data: { cartData?: CartLine[] };
}

const initialState: CartState = { cart_status: null, cart_list_data: { cartData: [] } };

export const cartSlice = createSlice({
  name: 'cartList',
  initialState,
  reducers: {
    cartUpdated(state, action: PayloadAction<CartLine[]>) {
      state.cart_list_data = { cartData: action.payload };
      state.cart_status = 200;
    },
    /** SPEC §4: clearing the cart sets cart data to an empty object. */
    cartCleared(state) {
      state.cart_list_data = {};
      state.cart_status = 200;
    },
  },
});

export const { cartUpdated, cartCleared } = cartSlice.actions;

export const selectCartCount = (state: { cartList: CartState }) =>
  (state.cartList.cart_list_data.cartData ?? []).reduce((sum, line) => sum + line.quantity, 0);
