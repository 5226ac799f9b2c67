import { configureStore } from '@reduxjs/toolkit';
import { cartLineId, type CartLine } from '@servery/contract/cart';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { stubApiWire } from '../../../lib/testing/api-wire.ts';
import { cartCleared, cartSlice, lineAdded } from '../cart-slice.ts';
import { BasketBar } from './basket-bar.tsx';

function line(itemId: string, unitPrice: number, quantity: number): CartLine {
  return {
    id: cartLineId(itemId, [], ''),
    item_id: itemId,
    store_id: 'shoreditch',
    name: itemId,
    image: null,
    unit_price: unitPrice,
    quantity,
    modifiers: [],
    modifier_names: [],
    note: '',
  };
}

function renderBar() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, [cartSlice.name]: cartSlice.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/menu']}>
        <Routes>
          <Route path="/menu" element={<BasketBar />} />
          <Route path="/cart" element={<h1>Basket page</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  stubApiWire();
  localStorage.setItem('currencyObj', JSON.stringify({ value: 'GBP', label: 'GBP', sign: '£' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.removeAttribute('data-basket-bar');
});

describe('the basket bar', () => {
  it('shows nothing, and leaves the page its room, while the basket is empty', () => {
    renderBar();
    expect(screen.queryByRole('link', { name: /View basket/ })).toBeNull();
    expect(document.body.hasAttribute('data-basket-bar')).toBe(false);
  });

  it('names the item count and total, and makes room for itself under the page', () => {
    const store = renderBar();
    act(() => {
      store.dispatch(lineAdded({ line: line('naan', 350, 2) }));
      store.dispatch(lineAdded({ line: line('curry', 1750, 1) }));
    });
    const link = screen.getByRole('link', { name: 'View basket, 3 items, £24.50' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(document.body.hasAttribute('data-basket-bar')).toBe(true);
    // Phones only: from `sm` up the header's cart button is in reach.
    expect(link.parentElement?.className).toContain('sm:hidden');

    act(() => void store.dispatch(cartCleared()));
    expect(screen.queryByRole('link', { name: /View basket/ })).toBeNull();
    expect(document.body.hasAttribute('data-basket-bar')).toBe(false);
  });

  it('says "1 item" for one, and goes to the basket in one tap', async () => {
    const store = renderBar();
    act(() => void store.dispatch(lineAdded({ line: line('naan', 350, 1) })));
    await userEvent.click(screen.getByRole('link', { name: 'View basket, 1 item, £3.50' }));
    expect(screen.getByRole('heading', { name: 'Basket page' })).toBeTruthy();
  });
});
