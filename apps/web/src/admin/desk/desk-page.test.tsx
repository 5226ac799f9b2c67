import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { LiveEventsProvider } from '../live/live-events-provider.tsx';
import {
  COMPLETED_1042_AT,
  UNDO_1042,
  completedOrder,
  deskOrder,
  ok,
  readyOrder,
} from '../testing/staff-app-fakes.ts';
import { DeskPage } from './desk-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The moves offered for undo are kept in the tab (made-moves.ts): none for the next test.
  sessionStorage.clear();
});

const session: StaffSession = {
  staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role: 'staff' },
  permissions: [...ROLE_PERMISSIONS.staff],
  stores: [{ id: 'st1', name: 'Camden' }],
  shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
  expires_at: '2099-01-01T00:00:00.000Z',
};

describe('the desk when its list cannot be read', () => {
  it('says it is loading, then why the list failed, and draws no empty columns', async () => {
    let answer!: () => void;
    const after = new Promise<void>((resolve) => (answer = resolve));
    const message = 'Something went wrong on our side. Please try again. (Reference r-1)';
    stubApiWire({
      '/api/admin/session': { status: 200, body: { status: 200, message: 'OK', data: session } },
      '/api/admin/orders': { status: 500, body: { status: 500, message, data: null }, after },
    });
    render(
      <Provider store={createAdminState()}>
        <LiveEventsProvider>
          <DeskPage />
        </LiveEventsProvider>
      </Provider>,
    );
    expect(await screen.findByText('Loading the open orders…')).toBeTruthy();
    answer();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('Loading the open orders…')).toBeNull();
    // "Nothing here." under four headings would tell the kitchen there are no orders.
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByText('Nothing here.')).toBeNull();
  });
});

describe('the undo of a move (decision 65)', () => {
  const ready = readyOrder();
  const completed = completedOrder();
  const UNDO = UNDO_1042;

  function openDesk(undoAnswer: WireAnswer) {
    const wire = stubApiWire({
      '/api/admin/session': { status: 200, body: { status: 200, message: 'OK', data: session } },
      '/api/admin/orders': ok({ orders: [ready], next_cursor: null }),
      '/api/admin/orders/o1042/status': ok(completed),
      [UNDO]: undoAnswer,
    });
    render(
      <Provider store={createAdminState()}>
        <LiveEventsProvider>
          <DeskPage />
        </LiveEventsProvider>
      </Provider>,
    );
    return wire;
  }
  const readyColumn = () => screen.getByRole('region', { name: /^Ready/ });
  const bar = () => screen.queryByRole('region', { name: 'Undo a move' });

  it('offers the undo of a completion after the card has left, and puts the order back', async () => {
    const user = userEvent.setup();
    const wire = openDesk(ok(ready));
    await within(await screen.findByRole('region', { name: /^Ready/ })).findByText(/#1042/);
    expect(bar()).toBeNull();

    await user.click(within(readyColumn()).getByRole('button', { name: 'Completed' }));
    const undo = await within(bar()!).findByRole('button', { name: 'Undo #1042 completed' });
    expect(within(bar()!).getByText('#1042 completed.')).toBeTruthy();
    // The card is gone from the board; the keyboard, whose button went with it, is on the undo.
    expect(within(readyColumn()).queryByText(/#1042/)).toBeNull();
    expect(document.activeElement).toBe(undo);
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent?.startsWith('Order #1042 completed.')),
    ).toBe(true);

    await user.click(undo);
    await within(readyColumn()).findByText(/#1042/);
    // The undo names the move by its moment, so a colleague's "Completed" since is not undone.
    expect(wire.sent.filter((c) => c.path === UNDO).map((c) => c.body)).toEqual([
      { status: 'completed', at: COMPLETED_1042_AT },
    ]);
    expect(bar()).toBeNull();
    expect(
      screen.getAllByRole('status').some((s) => s.textContent === 'Order #1042 is back in Ready.'),
    ).toBe(true);
  });

  it('shows the server’s message when the undo is refused, and takes the offer away', async () => {
    const user = userEvent.setup();
    const message =
      'Order #1042 was completed more than 2 minutes ago: a move can only be undone in the 2 minutes after it is made.';
    openDesk({ status: 422, body: { status: 422, message, data: null } });
    await within(await screen.findByRole('region', { name: /^Ready/ })).findByText(/#1042/);
    await user.click(within(readyColumn()).getByRole('button', { name: 'Completed' }));
    await user.click(await screen.findByRole('button', { name: 'Undo #1042 completed' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: 'Undo #1042 completed' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bar()).toBeNull();
  });

  it('keeps the offer when the server could not do it (a database fault), and does it when tapped again', async () => {
    const user = userEvent.setup();
    const message = 'The service is briefly unavailable. Please try again in a few seconds.';
    const wire = openDesk({ status: 503, body: { status: 503, message, data: null } });
    await within(await screen.findByRole('region', { name: /^Ready/ })).findByText(/#1042/);
    await user.click(within(readyColumn()).getByRole('button', { name: 'Completed' }));
    // The order is completed on the server: no longer among the open orders.
    wire.answers['/api/admin/orders'] = ok({ orders: [], next_cursor: null });
    await user.click(await screen.findByRole('button', { name: 'Undo #1042 completed' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);

    wire.answers[UNDO] = ok(ready);
    await user.click(screen.getByRole('button', { name: 'Undo #1042 completed' }));
    await within(readyColumn()).findByText(/#1042/);
    expect(wire.sent.filter((c) => c.path === UNDO)).toHaveLength(2);
    // The bar says in words that it is done now, in place of the failure it showed.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(bar()!).getByText('Undone. #1042 is back in Ready.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo #1042 completed' })).toBeNull();
    await user.click(within(bar()!).getByRole('button', { name: 'Dismiss' }));
    expect(bar()).toBeNull();
  });

  // Decision 78: the undo was made but its answer lost on the way (the tablet's network
  // dropped it); tapped again, the server answers it done, as it is.
  it('says the undo is done when tapped again after its answer was lost', async () => {
    const user = userEvent.setup();
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => {});
    const wire = openDesk({ status: 200, body: null, after: lost });
    await within(await screen.findByRole('region', { name: /^Ready/ })).findByText(/#1042/);
    await user.click(within(readyColumn()).getByRole('button', { name: 'Completed' }));
    await user.click(await screen.findByRole('button', { name: 'Undo #1042 completed' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check the connection and try again.',
    );

    wire.answers[UNDO] = ok(ready);
    await user.click(screen.getByRole('button', { name: 'Undo #1042 completed' }));
    await within(bar()!).findByText('Undone. #1042 is back in Ready.');
    await within(readyColumn()).findByText(/#1042/);
    expect(
      screen
        .getAllByRole('status')
        .some((s) => s.textContent === 'Undone. Order #1042 is back in Ready.'),
    ).toBe(true);
    // Both taps named the same move.
    expect(wire.sent.filter((c) => c.path === UNDO).map((c) => c.body)).toEqual([
      { status: 'completed', at: COMPLETED_1042_AT },
      { status: 'completed', at: COMPLETED_1042_AT },
    ]);
  });

  it('offers no undo for a delay, and the offer goes when its two minutes are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const preparing = deskOrder(1050, {
        status: 'preparing',
        next: ['ready', 'cancelled'],
      });
      const wire = stubApiWire({
        '/api/admin/session': { status: 200, body: { status: 200, message: 'OK', data: session } },
        '/api/admin/orders': ok({ orders: [preparing], next_cursor: null }),
        '/api/admin/orders/o1050/status': ok(preparing),
      });
      render(
        <Provider store={createAdminState()}>
          <LiveEventsProvider>
            <DeskPage />
          </LiveEventsProvider>
        </Provider>,
      );
      await user.click(await screen.findByRole('button', { name: '+5 min' }));
      await vi.advanceTimersByTimeAsync(100);
      expect(bar()).toBeNull();

      wire.answers['/api/admin/orders/o1050/status'] = ok({
        ...preparing,
        status: 'ready',
        next: ['completed'],
      });
      await user.click(screen.getByRole('button', { name: 'Ready' }));
      await screen.findByRole('button', { name: 'Undo #1050 marked ready' });
      await act(() => vi.advanceTimersByTimeAsync(100_000));
      expect(bar()).not.toBeNull();
      // The server allows 120 s; the offer ends a few seconds before, so a last tap is in time.
      await act(() => vi.advanceTimersByTimeAsync(16_000));
      expect(bar()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
