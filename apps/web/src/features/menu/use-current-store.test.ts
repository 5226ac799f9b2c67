import { testStore } from '@servery/contract/menu.test-support';
import { describe, expect, it } from 'vitest';
import { pickStore } from './use-current-store.ts';

const store = (id: string, open: boolean, menu: boolean) =>
  testStore(id, { name: id, is_open_now: open, menu_id: menu ? `menu-${id}` : null });

describe('the store the menu shows', () => {
  const stores = [
    store('closed', false, true),
    store('open', true, true),
    store('bare', true, false),
  ];

  it('is the one the customer chose, open or not', () => {
    expect(pickStore(stores, 'closed')?.id).toBe('closed');
  });

  it('else the first store open now with a menu', () => {
    expect(pickStore(stores, null)?.id).toBe('open');
    // A choice of a store that no longer exists falls back the same way.
    expect(pickStore(stores, 'gone')?.id).toBe('open');
  });

  it('else the first store with a menu, else the first store, else none', () => {
    expect(pickStore([store('bare', true, false), store('later', false, true)], null)?.id).toBe(
      'later',
    );
    expect(pickStore([store('bare', true, false)], null)?.id).toBe('bare');
    expect(pickStore([], null)).toBeNull();
  });
});
