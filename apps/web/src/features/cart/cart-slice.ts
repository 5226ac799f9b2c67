import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { CartLine } from '@servery/contract/cart';
import type { AsyncStatus } from '@servery/contract/envelope';
import { MAX_LINE_QUANTITY } from '@servery/contract/pricing';
import { toast } from '../../lib/toast.ts';

export type { CartLine };

/** product.md §3: cart_status and cart_list_data (an object with a cartData list). */
export interface CartState {
  cart_status: AsyncStatus | null;
  cart_list_data: { cartData?: CartLine[] };
}

/** product.md §8: what a cart update without data shows. */
export const CART_UPDATE_FAILED_MESSAGE = '!Opps something went wrong';

const initialState: CartState = { cart_status: null, cart_list_data: { cartData: [] } };

const clampQuantity = (quantity: number) =>
  Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));

/** A line as the cart keeps it; anything else (an older or damaged copy) is left out. */
export function isCartLine(value: unknown): value is CartLine {
  const line = value as Partial<CartLine> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.id === 'string' &&
    typeof line.item_id === 'string' &&
    typeof line.store_id === 'string' &&
    typeof line.name === 'string' &&
    typeof line.unit_price === 'number' &&
    typeof line.quantity === 'number' &&
    line.quantity > 0 &&
    Array.isArray(line.modifiers) &&
    Array.isArray(line.modifier_names) &&
    typeof line.note === 'string'
  );
}

const linesOf = (state: CartState) => (state.cart_list_data.cartData ?? []).filter(isCartLine);

export const cartSlice = createSlice({
  name: 'cartList',
  initialState,
  reducers: {
    cartUpdated(state, action: PayloadAction<CartLine[]>) {
      state.cart_list_data = { cartData: action.payload };
      state.cart_status = 200;
    },
    cartUpdateFailed(state) {
      state.cart_status = 2;
    },
    /**
     * Adds a line, or more of the same line (same dish, choices and note). A cart holds one
     * store's dishes: a line from another store is refused unless `startNewCart` empties it
     * first (the customer was asked).
     */
    lineAdded(state, action: PayloadAction<{ line: CartLine; startNewCart?: boolean }>) {
      const { line, startNewCart = false } = action.payload;
      const lines = startNewCart ? [] : linesOf(state);
      if (lines.some((l) => l.store_id !== line.store_id)) {
        state.cart_status = 2;
        return;
      }
      const same = lines.find((l) => l.id === line.id);
      if (same) same.quantity = clampQuantity(same.quantity + line.quantity);
      else lines.push({ ...line, quantity: clampQuantity(line.quantity) });
      state.cart_list_data = { cartData: lines };
      state.cart_status = 200;
    },
    lineQuantityChanged(state, action: PayloadAction<{ id: string; quantity: number }>) {
      const lines = linesOf(state);
      const line = lines.find((l) => l.id === action.payload.id);
      if (line) line.quantity = clampQuantity(action.payload.quantity);
      state.cart_list_data = { cartData: lines };
      state.cart_status = 200;
    },
    lineRemoved(state, action: PayloadAction<string>) {
      state.cart_list_data = { cartData: linesOf(state).filter((l) => l.id !== action.payload) };
      state.cart_status = 200;
    },
    /** product.md §4: clearing the cart sets cart data to an empty object. */
    cartCleared(state) {
      state.cart_list_data = {};
      state.cart_status = 200;
    },
  },
});

export const {
  cartUpdated,
  cartUpdateFailed,
  lineAdded,
  lineQuantityChanged,
  lineRemoved,
  cartCleared,
} = cartSlice.actions;

/** Replaces the cart's lines; an update without data fails with product.md §8's toast. */
export function updateCart(lines: CartLine[] | null | undefined) {
  return (dispatch: Dispatch) => {
    if (!lines) {
      dispatch(cartUpdateFailed());
      toast.error(CART_UPDATE_FAILED_MESSAGE);
      return;
    }
    dispatch(cartUpdated(lines));
  };
}

type WithCart = { cartList: CartState };

const EMPTY: CartLine[] = [];
let lastData: CartLine[] | undefined;
let lastLines: CartLine[] = EMPTY;

/** The cart's lines (the same array while the cart is unchanged). */
export function selectCartLines(state: WithCart): CartLine[] {
  const data = state.cartList.cart_list_data.cartData;
  if (data !== lastData) {
    lastData = data;
    lastLines = data ? data.filter(isCartLine) : EMPTY;
  }
  return lastLines;
}

/** How many items (dishes times quantity) the cart holds: the header's badge. */
export const selectCartCount = (state: WithCart) =>
  selectCartLines(state).reduce((sum, line) => sum + line.quantity, 0);

/** The store the cart's dishes come from; null when it is empty. */
export const selectCartStoreId = (state: WithCart) => selectCartLines(state)[0]?.store_id ?? null;
