import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { stubApiWire } from '../lib/testing/api-wire.ts';
import { AppRoutes } from './router.tsx';
import {
  deskOrder,
  FakeEventSource,
  ok,
  staffSession,
  stubStaffBrowser,
} from '../admin/testing/staff-app-fakes.ts';

/** The desk's list as GET /api/admin/orders answers it: one page, the last. */
const deskPage = (orders: ReturnType<typeof deskOrder>[]) => ok({ orders, next_cursor: null });

beforeEach(() => {
  // Only the chime's interval is faked: the clock is moved on by hand, not waited for.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** Through the site's own routes, as the browser gets there: a screen change is not a reload. */
function renderAdminAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

const chimes = () => window.__serveryChimes ?? 0;
/** The service line's words once service is on. */
const serviceOn = async () => (await screen.findByText('Service on:')).closest('p')!.textContent;
const deskLink = () =>
  within(screen.getByRole('navigation', { name: 'Staff sections' })).getByRole('link', {
    name: /^Order desk/,
  });

describe('service in the staff application', () => {
  it('keeps ringing and counting the waiting orders on every screen, on one live stream', async () => {
    const user = userEvent.setup({ advanceTimers: () => undefined });
    const browser = stubStaffBrowser();
    const wire = stubApiWire({
      '/api/admin/session': ok(staffSession('staff')),
      '/api/admin/orders': deskPage([deskOrder(1001), deskOrder(1002)]),
      '/api/admin/stores': ok([]),
    });
    renderAdminAt('/admin/desk');
    await screen.findByRole('heading', { level: 1, name: /^Order desk/ });
    await waitFor(() => expect(deskLink().textContent).toBe('Order desk, 2 waiting'));
    // The title follows the screen in an effect, after the screen is drawn.
    await waitFor(() => expect(document.title).toBe('(2) Order desk · Tandoor Lane'));

    await user.click(
      screen.getByRole('button', { name: 'Start service (sound on, screen awake)' }),
    );
    expect(await serviceOn()).toBe('Service on: a chime every 10 s.');
    expect(chimes()).toBe(1);
    expect(browser.wakeLocks).toEqual(['screen']);

    // To Service to mark a dish sold out: service stays on, and the count with it.
    await user.click(screen.getByRole('link', { name: 'Service' }));
    await screen.findByRole('heading', { level: 1, name: /^Service/ });
    expect(screen.queryByRole('button', { name: /^Start service/ })).toBeNull();
    expect(await serviceOn()).toBe('Service on: a chime every 10 s.');
    expect(deskLink().textContent).toBe('Order desk, 2 waiting');
    await waitFor(() => expect(document.title).toBe('(2) Service · Tandoor Lane'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(chimes()).toBe(2);

    // A third order arrives while Service is open: counted and rung for there.
    wire.answers['/api/admin/orders'] = deskPage([
      deskOrder(1001),
      deskOrder(1002),
      deskOrder(1003),
    ]);
    const stream = FakeEventSource.opened[0]!;
    act(() => {
      stream.dispatchEvent(new Event('open'));
      stream.dispatchEvent(new MessageEvent('order.created', { data: '{"id":7}' }));
    });
    await waitFor(() => expect(document.title).toBe('(3) Service · Tandoor Lane'));
    expect(deskLink().textContent).toBe('Order desk, 3 waiting');
    // Said to a screen reader too; on a tablet the desk link's count is what shows.
    expect(screen.getByText('3 orders waiting.').closest('[aria-live]')).toBeTruthy();

    // Every order answered from another board: the count goes, and so does the chime.
    wire.answers['/api/admin/orders'] = deskPage([
      deskOrder(1001, { status: 'accepted' }),
      deskOrder(1002, { status: 'accepted' }),
    ]);
    act(() => stream.dispatchEvent(new MessageEvent('order.status', { data: '{"id":8}' })));
    await waitFor(() => expect(document.title).toBe('Service · Tandoor Lane'));
    expect(deskLink().textContent).toBe('Order desk');
    const rung = chimes();
    act(() => vi.advanceTimersByTime(30_000));
    expect(chimes()).toBe(rung);
    // One stream for the whole application, whatever the screens visited.
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(stream.url).toBe('/api/admin/events');
  });

  it('after a reload, offers to resume, and one tap anywhere brings the sound back', async () => {
    const user = userEvent.setup({ advanceTimers: () => undefined });
    stubStaffBrowser();
    sessionStorage.setItem(STORAGE_KEYS.staffService, 'on');
    stubApiWire({
      '/api/admin/session': ok(staffSession('staff')),
      '/api/admin/orders': deskPage([deskOrder(1001)]),
    });
    renderAdminAt('/admin');
    await screen.findByRole('button', { name: 'Resume service (sound on)' });
    await waitFor(() => expect(document.title).toBe('(1) Staff · Tandoor Lane'));
    expect(chimes()).toBe(0);
    await user.click(await screen.findByRole('heading', { level: 1 }));
    expect(await serviceOn()).toBe('Service on: a chime every 10 s.');
    expect(chimes()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Stop service' }));
    await screen.findByRole('button', { name: 'Start service (sound on, screen awake)' });
    expect(sessionStorage.getItem(STORAGE_KEYS.staffService)).toBeNull();
  });
});
