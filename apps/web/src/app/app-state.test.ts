import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '@servery/contract/cart';
import { cartCleared, cartUpdated } from '../features/cart/cart-slice.ts';
import { signIn, signOut } from '../lib/session.ts';
import { createAppState, whenRehydrated } from './app-state.ts';

const ready = async () => {
  const appState = createAppState();
  await whenRehydrated(appState);
  return appState;
};

afterEach(() => localStorage.clear());

const line = (id: string, quantity: number): CartLine => ({
  id,
  item_id: id,
  store_id: 'store-1',
  name: id,
  image: null,
  unit_price: 250,
  quantity,
  modifiers: [],
  modifier_names: [],
  note: '',
});

describe('the persisted root store', () => {
  it('keeps only cartList under persist:root', async () => {
    const appState = await ready();
    appState.dispatch(cartUpdated([line('naan', 2)]));
    await appState.persistor.flush();
    const saved = JSON.parse(localStorage.getItem('persist:root')!);
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'cartList']);
    expect(JSON.parse(saved.cartList).cart_list_data).toEqual({
      cartData: [line('naan', 2)],
    });
  });

  it('writes the last change at once when the page is left, before its timers would', async () => {
    const appState = await ready();
    appState.dispatch(cartUpdated([line('naan', 1)]));
    await appState.persistor.flush();
    // A second dish, and the customer follows a link that loads a new page straight away.
    appState.dispatch(cartUpdated([line('naan', 2)]));
    dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(localStorage.getItem('persist:root')!);
    expect(JSON.parse(saved.cartList).cart_list_data).toEqual({ cartData: [line('naan', 2)] });
  });

  it('writes the last change at once when the tab is hidden (a phone locked, an app switched)', async () => {
    const appState = await ready();
    appState.dispatch(cartUpdated([line('dal', 3)]));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    const saved = JSON.parse(localStorage.getItem('persist:root')!);
    expect(JSON.parse(saved.cartList).cart_list_data).toEqual({ cartData: [line('dal', 3)] });
  });

  it('brings the cart back in a new store, as after a reload', async () => {
    const first = await ready();
    first.dispatch(cartUpdated([line('dal', 1)]));
    await first.persistor.flush();
    const second = await ready();
    expect(second.getState().cartList.cart_list_data).toEqual({
      cartData: [line('dal', 1)],
    });
  });

  it('clearing the cart sets cart data to an empty object', () => {
    const appState = createAppState();
    appState.dispatch(cartUpdated([line('dal', 1)]));
    appState.dispatch(cartCleared());
    expect(appState.getState().cartList.cart_list_data).toEqual({});
  });

  it('signing out empties the cart and removes the persisted store', async () => {
    const appState = await ready();
    signIn({
      token: 't',
      expires_at: '2099-01-01T00:00:00.000Z',
      customer: {
        id: 'c1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: null,
        email_verified: true,
        phone_verified: false,
        marketing_consent: false,
        referral_code: 'ADA12345',
      },
    });
    appState.dispatch(cartUpdated([line('dal', 1)]));
    await appState.persistor.flush();
    signOut();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(appState.getState().cartList.cart_list_data).toEqual({});
    expect(localStorage.getItem('persist:root')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });
});
