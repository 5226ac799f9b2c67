import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskOrder } from '@servery/contract/desk';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { useAutoPrint } from './use-ticket-printer.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const soon = new Date(Date.now() + 60_000).toISOString();
const order = (id: string, overrides: Partial<DeskOrder> = {}) =>
  ({
    id,
    status: 'accepted',
    store: { id: 'st1', name: 'Camden' },
    print_count: 0,
    status_history: [
      { status: 'placed', at: soon },
      { status: 'accepted', at: soon, by: 'system (auto-accept)' },
    ],
    ...overrides,
  }) as DeskOrder;

describe('auto-print on the desk', () => {
  it('prints an order accepted in a store that prints on accept, once', async () => {
    stubApiWire({
      '/api/admin/auto-print': {
        status: 200,
        body: { status: 200, message: 'OK', data: { store_ids: ['st1'] } },
      },
    });
    const print = vi.fn();
    const state = createAdminState();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={state}>{children}</Provider>
    );
    const orders = [
      order('o1'),
      order('o2', { print_count: 1 }),
      order('o3', { store: { id: 'st2', name: 'Shoreditch' } }),
      order('o4', { status: 'placed', status_history: [{ status: 'placed', at: soon }] }),
      order('o5', { status_history: [{ status: 'accepted', at: '2020-01-01T00:00:00.000Z' }] }),
    ];
    const { rerender } = renderHook(({ list }) => useAutoPrint(list, print), {
      wrapper,
      initialProps: { list: orders },
    });
    await waitFor(() => expect(print).toHaveBeenCalledWith('o1'));
    rerender({ list: [...orders] });
    expect(print).toHaveBeenCalledTimes(1);
  });
});
