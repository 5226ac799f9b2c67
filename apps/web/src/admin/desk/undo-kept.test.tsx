import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '@servery/contract/staff';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { AdminApp } from '../admin-app.tsx';
import {
  COMPLETED_1042_AT,
  UNDO_1042,
  completedOrder,
  deskOrder,
  ok,
  readyOrder,
  staffSession,
  stubStaffBrowser,
} from '../testing/staff-app-fakes.ts';

// Decision 65's undo, kept for its two minutes on this tab (made-moves.ts): across a look at
// another section, across a reload, and never for anyone else who signs in here.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ready = readyOrder();
const completed = completedOrder();
const UNDO = UNDO_1042;
const priya = staffSession('staff');
const tom: StaffSession = {
  ...priya,
  staff: { id: 's2', email: 'tom@shop.test', name: 'Tom Reed', role: 'staff' },
};
const signedOut: WireAnswer = {
  status: 401,
  body: { status: 401, message: 'Please sign in to the staff application.' },
};

/** The staff application as a tab opens it at `path`: a new store, whatever the tab kept. */
function openTab(path = '/admin/desk') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );
}
/** The tab reloaded: everything in memory goes, session storage stays. */
function reload(path?: string) {
  cleanup();
  openTab(path);
}

function stubServer(session: StaffSession = priya) {
  stubStaffBrowser();
  return stubApiWire({
    '/api/admin/session': ok(session),
    '/api/admin/orders': ok({ orders: [ready], next_cursor: null }),
    '/api/admin/orders/o1042/status': ok(completed),
    [UNDO]: ok(ready),
  });
}

const bar = () => screen.queryByRole('region', { name: 'Undo a move' });
const undoButton = () => screen.queryByRole('button', { name: 'Undo #1042 completed' });
const nav = () => screen.getByRole('navigation', { name: 'Staff sections' });

/** "Completed" tapped on #1042 in the Ready column: the offer appears at the bottom. */
async function complete(user: ReturnType<typeof userEvent.setup>) {
  const column = await screen.findByRole('region', { name: /^Ready/ });
  await user.click(await within(column).findByRole('button', { name: 'Completed' }));
  await screen.findByRole('button', { name: 'Undo #1042 completed' });
}

describe('the undo of a desk move, kept for its two minutes on this tab', () => {
  it('is offered again after a look at Bookings, and still puts the order back', async () => {
    const user = userEvent.setup();
    const wire = stubServer();
    openTab();
    await complete(user);

    await user.click(within(nav()).getByRole('link', { name: 'Bookings' }));
    await screen.findByRole('heading', { level: 1, name: /^Bookings/ });
    await user.click(within(nav()).getByRole('link', { name: /^Order desk/ }));
    await screen.findByRole('heading', { level: 1, name: /^Order desk/ });
    expect(within(bar()!).getByText('#1042 completed.')).toBeTruthy();

    await user.click(undoButton()!);
    await waitFor(() => expect(bar()).toBeNull());
    expect(wire.sent.filter((c) => c.path === UNDO).map((c) => c.body)).toEqual([
      { status: 'completed', at: COMPLETED_1042_AT },
    ]);
    expect(sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves)).toBeNull();
  });

  it('is offered again after a reload, and ends a few seconds before the server’s two minutes as before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const wire = stubServer();
    openTab();
    await complete(user);
    await act(() => vi.advanceTimersByTimeAsync(60_000));

    // The completed order is no longer on the board the reloaded tab reads.
    wire.answers['/api/admin/orders'] = ok({ orders: [], next_cursor: null });
    reload();
    await screen.findByRole('heading', { level: 1, name: /^Order desk/ });
    expect(await screen.findByRole('button', { name: 'Undo #1042 completed' })).toBeTruthy();
    // The window runs from the tap, not from the reload: 115 s after it, the offer goes.
    await act(() => vi.advanceTimersByTimeAsync(50_000));
    expect(undoButton()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(bar()).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves)).toBeNull();
    // Nor does a reload bring it back.
    reload();
    await screen.findByRole('heading', { level: 1, name: /^Order desk/ });
    expect(bar()).toBeNull();
  });

  it('is not offered to another person who signs in on the tablet after a sign-out', async () => {
    const user = userEvent.setup();
    const wire = stubServer();
    openTab();
    await complete(user);
    expect(sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves)).toContain('o1042');

    wire.answers['DELETE /api/admin/session'] = ok(null);
    wire.answers['/api/admin/session'] = signedOut;
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const email = await screen.findByRole('textbox', { name: 'Work e-mail address' });
    expect(sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves)).toBeNull();

    wire.answers['/api/admin/session/code'] = ok(null);
    await user.type(email, 'tom@shop.test');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByRole('textbox', { name: '6-digit code' }), '123456');
    wire.answers['/api/admin/session'] = ok(tom);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Tom Reed · Staff');
    await screen.findByRole('heading', { level: 1, name: /^Order desk/ });
    await within(await screen.findByRole('region', { name: /^Ready/ })).findByText(/#1042/);
    expect(bar()).toBeNull();
  });

  it('is not offered to another person whose session the reloaded tab finds', async () => {
    const user = userEvent.setup();
    const wire = stubServer();
    openTab();
    await complete(user);

    // Tom signed in on the tablet in another tab: this one, reloaded, is his.
    const other = deskOrder(1043, { ...ready, id: 'o1043', number: 1043 });
    wire.answers['/api/admin/session'] = ok(tom);
    wire.answers['/api/admin/orders'] = ok({ orders: [ready, other], next_cursor: null });
    wire.answers['/api/admin/orders/o1043/status'] = ok({
      ...other,
      status: 'completed',
      next: [],
    });
    reload();
    await screen.findByText('Tom Reed · Staff');
    const column = await screen.findByRole('region', { name: /^Ready/ });
    await within(column).findByText(/#1042/);
    expect(bar()).toBeNull();
    // His own move is offered to him, and Priya's has left the tab.
    const card = within(column).getByText(/#1043/).closest('li')!;
    await user.click(within(card as HTMLElement).getByRole('button', { name: 'Completed' }));
    await screen.findByRole('button', { name: 'Undo #1043 completed' });
    expect(undoButton()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.deskMadeMoves)!)).toEqual({
      staffId: 's2',
      moves: [{ id: 'o1043', number: 1043, status: 'completed', until: expect.any(Number) }],
    });
  });
});
