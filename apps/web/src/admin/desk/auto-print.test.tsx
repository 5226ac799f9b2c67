import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskOrder } from '@servery/contract/desk';
import { stubApiWire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { useAutoPrint, useTicketPrinter } from './use-ticket-printer.ts';

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
    await waitFor(() => expect(print).toHaveBeenCalledWith('o1', true));
    rerender({ list: [...orders] });
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('two desks auto-printing one order: the server lets one print, the other prints nothing', async () => {
    const ticket = {
      order: order('o1'),
      shop_name: 'Tandoor Lane',
      reprint: false,
      print_count: 1,
      printed_at: soon,
    };
    const wire = stubApiWire({
      '/api/admin/auto-print': {
        status: 200,
        body: { status: 200, message: 'OK', data: { store_ids: ['st1'] } },
      },
      '/api/admin/orders/o1/print': {
        status: 200,
        body: { status: 200, message: 'Ticket of order #1.', data: ticket },
      },
    });
    const asked: string[] = [];
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (request: Request) => {
      asked.push(request.url);
      return answer(request);
    });
    const printDialog = vi.fn();
    vi.stubGlobal('print', printDialog);
    const useDesk = () => {
      const printer = useTicketPrinter();
      useAutoPrint([order('o1')], printer.print);
      return printer;
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={createAdminState()}>{children}</Provider>
    );
    const first = renderHook(useDesk, { wrapper });
    await waitFor(() => expect(printDialog).toHaveBeenCalledTimes(1));
    expect(asked.filter((url) => url.includes('/print'))).toEqual([
      expect.stringMatching(/\/api\/admin\/orders\/o1\/print\?unless_printed=true$/),
    ]);
    // The second desk's claim loses: a 409, no dialog, no complaint on its screen.
    wire.answers['/api/admin/orders/o1/print'] = {
      status: 409,
      body: {
        status: 409,
        message: "Order #1's ticket is already printed (by this or another device).",
      },
    };
    const second = renderHook(useDesk, { wrapper });
    await waitFor(() => expect(asked.filter((url) => url.includes('/print'))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printDialog).toHaveBeenCalledTimes(1);
    expect(second.result.current.problem).toBe('');
    expect(second.result.current.ticket).toBeNull();
    expect(first.result.current.ticket?.reprint).toBe(false);
  });
});
