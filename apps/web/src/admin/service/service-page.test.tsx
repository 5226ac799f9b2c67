import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceItem, ServiceStore } from '@servery/contract/service';
import type { StaffSession } from '@servery/contract/staff';
import { ROLE_PERMISSIONS, type StaffRole } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { LiveEventsProvider } from '../live/live-events-provider.tsx';
import { forgetServerClock } from '../server-clock.ts';
import { ServicePage } from './service-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetServerClock();
});

const ok = (data: unknown): WireAnswer => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});
const session = (role: StaffRole, wholeShop = true): WireAnswer =>
  ok({
    staff: { id: 's1', email: 'priya@shop.test', name: 'Priya Shah', role },
    permissions: [...ROLE_PERMISSIONS[role]],
    stores: [{ id: 'st1', name: 'Camden' }],
    whole_shop: wholeShop,
    shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
    expires_at: '2099-01-01T00:00:00.000Z',
  } satisfies StaffSession);
const store = (overrides: Partial<ServiceStore> = {}): ServiceStore => ({
  id: 'st1',
  name: 'Camden',
  is_closed: false,
  is_open_now: true,
  status_text: 'Closes at 10:00 PM',
  order_types: ['collection', 'delivery'],
  pause: null,
  busy_extra_minutes: 0,
  busy_until: null,
  hours: {},
  special_days: [],
  ...overrides,
});
const menu: ServiceItem[] = [
  {
    id: 'i1',
    name: 'Lamb rogan josh',
    category: 'Curries',
    price: 1295,
    hidden: false,
    sold_out: false,
    sold_out_until: null,
    options: [{ id: 'paneer', name: 'Paneer', sold_out: 'indefinitely', sold_out_until: null }],
  },
  {
    id: 'i2',
    name: 'Garlic naan',
    category: 'Breads',
    price: 350,
    hidden: false,
    sold_out: 'today',
    sold_out_until: '2026-11-18T11:00:00.000Z',
    options: [],
  },
  {
    id: 'i3',
    name: 'Mango lassi',
    category: 'Drinks',
    price: 395,
    hidden: false,
    sold_out: false,
    sold_out_until: null,
    options: [],
  },
];

function renderPage() {
  render(
    <Provider store={createAdminState()}>
      <LiveEventsProvider>
        <ServicePage />
      </LiveEventsProvider>
    </Provider>,
  );
}

describe('the Service screen', () => {
  it('lists what is off at the named store, a switch per dish and option, and finds the rest', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session('staff'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok(menu),
      '/api/admin/items/i1/availability': ok({ ...menu[0], sold_out: 'today' }),
      '/api/admin/options/paneer/availability': ok({ id: 'paneer', sold_out: false, dishes: 1 }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Service: Camden' });
    await screen.findByRole('heading', { name: 'Sold out at Camden' });
    // What is available stays out of the way until searched for (issue 28).
    expect(screen.queryByRole('group', { name: 'Mango lassi' })).toBeNull();
    // Staff switch dishes; pausing, busy mode and hours are for managers.
    expect(screen.queryByRole('group', { name: 'Pause collection' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Opening hours' })).toBeNull();
    const lamb = await screen.findByRole('group', { name: 'Lamb rogan josh' });
    // Each dish's three choices are a radio group named by the dish (walk 2, item 31).
    const lambChoices = screen.getByRole('radiogroup', { name: 'Lamb rogan josh' });
    expect(
      within(lambChoices)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Available', 'Out today', 'Out for now']);
    expect(screen.getByRole('radiogroup', { name: 'Paneer' })).toBeTruthy();
    expect(within(lamb).getByRole('radio', { name: 'Available' })).toHaveProperty('checked', true);
    const naan = screen.getByRole('group', { name: 'Garlic naan back Wed 11:00' });
    expect(within(naan).getByRole('radio', { name: 'Out today' })).toHaveProperty('checked', true);
    const paneer = screen.getByRole('group', { name: 'Paneer' });
    expect(within(paneer).getByRole('radio', { name: 'Out for now' })).toHaveProperty(
      'checked',
      true,
    );

    await user.click(within(lamb).getByRole('radio', { name: 'Out today' }));
    await user.click(within(paneer).getByRole('radio', { name: 'Available' }));
    const posts = wire.sent.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({
        path: '/api/admin/items/i1/availability',
        body: { sold_out: 'today', store_id: 'st1' },
      }),
      expect.objectContaining({
        path: '/api/admin/options/paneer/availability',
        body: { sold_out: false, store_id: 'st1' },
      }),
    ]);

    const search = screen.getByRole('searchbox', { name: 'Find a dish or option to switch' });
    await user.type(search, 'naan');
    expect(screen.queryByRole('group', { name: 'Lamb rogan josh' })).toBeNull();
    expect(screen.getByRole('group', { name: /^Garlic naan/ })).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'lassi');
    expect(screen.getByRole('group', { name: 'Mango lassi' })).toBeTruthy();
  });

  it('hides a dish at the store chosen, naming that store, and shows it again', async () => {
    const user = userEvent.setup();
    const shoreditch = store({ id: 'st2', name: 'Shoreditch' });
    const wire = stubApiWire({
      '/api/admin/session': session('manager'),
      '/api/admin/stores': ok([store(), shoreditch]),
      '/api/admin/stores/st1/menu': ok(menu),
      '/api/admin/stores/st2/menu': ok(menu),
      '/api/admin/items/i3/availability': ok({ ...menu[2], hidden: true }),
    });
    renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Store' }), 'st2');
    await screen.findByRole('heading', { name: 'Service: Shoreditch' });
    const menuCard = screen.getByRole('region', { name: 'Sold out at Shoreditch' });
    expect(within(menuCard).getByText(/^These change/).textContent).toBe(
      'These change Shoreditch only.',
    );
    await user.type(screen.getByRole('searchbox', { name: /Find a dish/ }), 'lassi');
    wire.answers['/api/admin/stores/st2/menu'] = ok([
      menu[0],
      menu[1],
      { ...menu[2], hidden: true },
    ]);
    // The dish's name first, then its choices and its Hide button, all in the dish's row.
    const row = screen.getByRole('group', { name: 'Mango lassi' });
    const hide = within(row).getByRole('button', { name: 'Hide Mango lassi at Shoreditch' });
    expect(hide.textContent).toBe('Hide');
    const order = [
      within(row).getByText('Mango lassi'),
      within(row).getAllByRole('radio')[0]!,
      hide,
    ];
    for (const [earlier, later] of [order.slice(0, 2), order.slice(1)]) {
      expect(
        earlier!.compareDocumentPosition(later!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    await user.click(hide);
    expect(wire.sent.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/admin/items/i3/availability',
        body: { hidden: true, store_id: 'st2' },
      }),
    ]);
    await screen.findByRole('button', { name: 'Show Mango lassi at Shoreditch' });
    expect(screen.getByText('Hidden from Shoreditch’s menu')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Mango lassi (hidden)' })).toBeTruthy();
  });

  it('says on each card what it changes: the store’s cards that store, the whole shop’s every store', async () => {
    // Finding 4 of the walk: one line over every card said they changed the store alone, above
    // the switch that closes every store.
    stubApiWire({
      '/api/admin/session': session('owner'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/shop': ok({
        IsShopClosed: 0,
        ShopClosedMessage: 'Closed today',
        allowBooking: 1,
      }),
    });
    renderPage();
    await screen.findByRole('switch', { name: /Shop closed to orders/ });
    const scopeOf = (card: HTMLElement) => within(card).getByText(/^These change/).textContent;
    const cardOf = (heading: string) =>
      screen.getByRole('heading', { name: heading }).closest<HTMLElement>('section, form')!;
    expect(scopeOf(cardOf('Whole shop'))).toBe('These change every store at once.');
    for (const heading of [
      'Pause and busy mode',
      'Opening hours',
      'Special days',
      'Sold out at Camden',
    ]) {
      expect(scopeOf(cardOf(heading)), heading).toBe('These change Camden only.');
    }
    expect(screen.queryByText(/Every switch on this page/)).toBeNull();
  });

  it('shows a manager of one store his store’s cards, not the whole shop’s switches', async () => {
    // Walk 2, item 11: Sam, manager at Camden only, could close every store and the diary.
    const wire = stubApiWire({
      '/api/admin/session': session('manager', false),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Pause and busy mode' });
    await screen.findByRole('heading', { name: 'Sold out at Camden' });
    expect(screen.queryByRole('heading', { name: 'Whole shop' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /Shop closed to orders/ })).toBeNull();
    expect(wire.sent.some((c) => c.path === '/api/admin/shop')).toBe(false);
  });

  it('offers Save the message once the text differs from the saved one', async () => {
    const user = userEvent.setup();
    const shop = { IsShopClosed: 0, ShopClosedMessage: 'Closed today', allowBooking: 1 };
    const wire = stubApiWire({
      '/api/admin/session': session('owner'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/shop': ok(shop),
    });
    renderPage();
    const text = await screen.findByRole('textbox', { name: 'Message customers see while closed' });
    const save = screen.getByRole('button', { name: 'Save the message' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(text, '!');
    expect(save).toHaveProperty('disabled', false);
    await user.type(text, '{Backspace}');
    expect(save).toHaveProperty('disabled', true);
    await user.type(text, ' and tomorrow');
    wire.answers['/api/admin/shop'] = ok({
      ...shop,
      ShopClosedMessage: 'Closed today and tomorrow',
    });
    await user.click(save);
    await screen.findByText('Message saved.');
    expect(wire.sent.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { ShopClosedMessage: 'Closed today and tomorrow' },
    ]);
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });

  it('asks before turning table bookings off, and turns them on again with one tap', async () => {
    // Walk 2, item 18: one tap switched the booking site off, with no question.
    const user = userEvent.setup();
    const shop = { IsShopClosed: 0, ShopClosedMessage: 'Closed today', allowBooking: 1 };
    const wire = stubApiWire({
      '/api/admin/session': session('owner'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/shop': ok(shop),
    });
    renderPage();
    const patches = () => wire.sent.filter((c) => c.method === 'PATCH').map((c) => c.body);
    const toggle = await screen.findByRole('switch', { name: /Table bookings/ });
    await user.click(toggle);
    const asked = screen.getByRole('dialog', { name: 'Turn off table bookings?' });
    await user.click(within(asked).getByRole('button', { name: 'Keep taking bookings' }));
    expect(patches()).toEqual([]);

    wire.answers['/api/admin/shop'] = ok({ ...shop, allowBooking: 0 });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Yes, turn bookings off' }));
    await screen.findByText('Bookings are off.');
    expect(patches()).toEqual([{ allowBooking: 0 }]);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));

    wire.answers['/api/admin/shop'] = ok(shop);
    await user.click(toggle);
    await screen.findByText('Bookings are on.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(patches()).toEqual([{ allowBooking: 0 }, { allowBooking: 1 }]);
  });

  it('asks before closing the whole shop, and opens it again with one tap', async () => {
    const user = userEvent.setup();
    const shop = { IsShopClosed: 0, ShopClosedMessage: 'Closed today', allowBooking: 1 };
    const wire = stubApiWire({
      '/api/admin/session': session('owner'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/shop': ok(shop),
    });
    renderPage();
    const patches = () => wire.sent.filter((c) => c.method === 'PATCH');
    const toggle = await screen.findByRole('switch', { name: /Shop closed to orders/ });

    await user.click(toggle);
    const asked = screen.getByRole('dialog', { name: 'Close the whole shop to orders?' });
    await user.click(within(asked).getByRole('button', { name: 'Keep taking orders' }));
    expect(patches()).toEqual([]);

    wire.answers['/api/admin/shop'] = ok({ ...shop, IsShopClosed: 1 });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Yes, close the shop' }));
    expect(patches()).toEqual([
      expect.objectContaining({ path: '/api/admin/shop', body: { IsShopClosed: 1 } }),
    ]);
    await screen.findByText('The shop is closed.');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opening again is the safe way: no question.
    wire.answers['/api/admin/shop'] = ok(shop);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await user.click(toggle);
    expect(patches().at(-1)).toMatchObject({ body: { IsShopClosed: 0 } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('while a pause runs, pauses the other way too and keeps the pause going, without resuming first', async () => {
    const user = userEvent.setup();
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    const paused = store({
      pause: { order_types: ['collection'], until, message: 'Back soon' },
    });
    const wire = stubApiWire({
      '/api/admin/session': session('manager'),
      '/api/admin/stores': ok([paused]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/stores/st1/pause': ok(paused),
    });
    renderPage();
    await screen.findByText(/Collection paused/);
    // Nothing offers to pause collection alone again: it is paused.
    expect(screen.queryByRole('group', { name: 'Pause collection' })).toBeNull();
    const both = screen.getByRole('group', {
      name: 'Pause delivery too (collection and delivery for the time chosen)',
    });
    await user.click(within(both).getByRole('button', { name: '60 min' }));
    const longer = screen.getByRole('group', { name: 'Keep collection paused, from now' });
    await user.click(within(longer).getByRole('button', { name: '30 min' }));
    expect(wire.sent.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { order_types: ['collection', 'delivery'], minutes: 60 },
      { order_types: ['collection'], minutes: 30 },
    ]);
    expect(wire.sent.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('pauses an order type with one tap, then shows the countdown and resumes', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/session': session('manager'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/stores/st1/pause': ok(store()),
      '/api/admin/stores/st1/busy': ok(store()),
    });
    renderPage();
    const collection = await screen.findByRole('group', { name: 'Pause collection' });
    const until = new Date(Date.now() + 30 * 60_000 - 500).toISOString();
    wire.answers['/api/admin/stores'] = ok([
      store({
        pause: { order_types: ['collection'], until, message: 'Back at half past' },
      }),
    ]);
    await user.click(within(collection).getByRole('button', { name: '30 min' }));
    expect(wire.sent.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/stores/st1/pause',
      body: { order_types: ['collection'], minutes: 30 },
    });
    const status = await screen.findByText(/Collection paused/);
    // The countdown ticks once a second (the server's clock: these answers carry no Date, so the
    // tablet's): 30:00 give or take a tick
    // (on a loaded machine the first tick can come a few seconds late).
    expect(status.textContent).toMatch(/Collection paused: (29:5\d|30:0\d) left/);
    expect(screen.getByText('Customers see: “Back at half past”')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '+20' }));
    expect(wire.sent.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/admin/stores/st1/busy',
      body: { extra_minutes: 20 },
    });
    await user.click(screen.getByRole('button', { name: 'Resume orders now' }));
    expect(wire.sent.at(-2)).toMatchObject({
      method: 'DELETE',
      path: '/api/admin/stores/st1/pause',
    });
  });

  it('says until when busy mode runs, sets it for a chosen length and ends it', async () => {
    // Monday 30 November 2026, 7:00 PM in London.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T19:00:00.000Z'));
    const user = userEvent.setup();
    const busyStore = store({ busy_extra_minutes: 20, busy_until: '2026-11-30T23:00:00.000Z' });
    const wire = stubApiWire({
      '/api/admin/session': session('manager'),
      '/api/admin/stores': ok([store()]),
      '/api/admin/stores/st1/menu': ok([]),
      '/api/admin/stores/st1/busy': ok(busyStore),
    });
    renderPage();
    const off = await screen.findByRole('group', { name: 'Busy mode: off' });
    expect(within(off).queryByRole('button', { name: 'End busy mode now' })).toBeNull();
    await user.selectOptions(within(off).getByRole('combobox', { name: 'How long' }), 'For 1 hour');
    wire.answers['/api/admin/stores'] = ok([busyStore]);
    await user.click(within(off).getByRole('button', { name: '+20' }));
    expect(wire.sent.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/admin/stores/st1/busy',
      body: { extra_minutes: 20, minutes: 60 },
    });
    // 23:00 UTC is 11:00 PM in London in November.
    const on = await screen.findByRole('group', { name: 'Busy +20 min until 11:00 PM' });
    wire.answers['/api/admin/stores'] = ok([store()]);
    await user.click(within(on).getByRole('button', { name: 'End busy mode now' }));
    expect(wire.sent.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: '/api/admin/stores/st1/busy',
      body: { extra_minutes: 0 },
    });
    await screen.findByRole('group', { name: 'Busy mode: off' });

    // Past the shop's midnight (a store open late): the day is named.
    wire.answers['/api/admin/stores'] = ok([
      store({ busy_extra_minutes: 10, busy_until: '2026-12-01T01:15:00.000Z' }),
    ]);
    await user.click(screen.getByRole('button', { name: '+10' }));
    await screen.findByRole('group', { name: 'Busy +10 min until tomorrow 1:15 AM' });
  });

  it('counts a pause down on the server’s clock when the tablet’s clock is 10 minutes fast', async () => {
    // Finding 11 of the walk: the tablet reads 19:03, the server 18:53; the pause ends at the
    // server's 19:08, 15 minutes away, not 5.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T19:03:00.000Z'));
    const server = { date: 'Mon, 30 Nov 2026 18:53:00 GMT' };
    const paused = store({
      pause: {
        order_types: ['delivery'],
        until: '2026-11-30T19:08:00.000Z',
        message: 'Back at 7:08 PM',
      },
    });
    stubApiWire({
      '/api/admin/session': { ...session('manager'), headers: server },
      '/api/admin/stores': { ...ok([paused]), headers: server },
      '/api/admin/stores/st1/menu': { ...ok([]), headers: server },
    });
    renderPage();
    const status = await screen.findByText(/Delivery paused/);
    expect(status.textContent).toMatch(/^Delivery paused: (14:59|15:00) left$/);
  });
});
