import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopConfig } from '@servery/contract/config';
import type { HomeContent } from '@servery/contract/home';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { HomePage } from './home-page.tsx';
import { ReservationHome } from './reservation-home.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const config = {
  websiteName: 'Tandoor Lane',
  footerLogo: 'footer-logo.svg',
  contactNumber: '020 7946 0321',
  supportEmail: 'hello@tandoor-lane.test',
  website: 'https://tandoor-lane.test',
  allowBooking: 1,
  brands: [],
  socialLinks: [],
  siteVariant: 'reservation',
  timeZone: 'Europe/London',
  locationData: {
    addressLine1: '12 Parkway',
    addressLine2: 'London NW1 7AA',
    directionLink: 'https://maps.example.com/',
  },
} as unknown as ShopConfig;

/** The answer of GET /api/home on Wednesday 23 December, with the fortnight's changes. */
const home: HomeContent = {
  banners: [],
  locationData: config.locationData,
  openingHours: {
    Weekdays: '11:00 AM - 10:00 PM',
    Saturday: '12:00 PM - 11:30 PM',
    Sunday: 'Closed',
  },
  bookingHours: {
    Weekdays: '12:00 PM - 3:00 PM, 6:00 PM - 10:00 PM',
    Saturday: '12:00 PM - 3:00 PM, 6:00 PM - 10:00 PM',
    Sunday: 'Closed',
  },
  getInTouch: { contactNumber: config.contactNumber, supportEmail: config.supportEmail },
  openingChanges: [
    {
      date: '2026-12-23',
      day: 'Wed 23 Dec',
      hours: '11:00 AM - 3:00 PM',
      closed: false,
      today: true,
    },
    { date: '2026-12-25', day: 'Fri 25 Dec', hours: 'Closed', closed: true, today: false },
  ],
  bookingChanges: [
    { date: '2026-12-26', day: 'Sat 26 Dec', hours: 'Closed', closed: true, today: false },
    {
      date: '2026-12-28',
      day: 'Mon 28 Dec',
      hours: '12:00 PM - 3:00 PM',
      closed: false,
      today: false,
    },
  ],
};

function renderWith(answer: object, page: React.ReactNode, path = '/', shop: object = config) {
  localStorage.setItem(STORAGE_KEYS.configData, JSON.stringify(shop));
  stubApiWire({
    '/api/loadconfig': { status: 200, body: { status: 200, message: 'OK', data: shop } },
    '/api/home': {
      status: 200,
      body: { status: 200, message: 'Home content loaded', data: answer },
    },
  });
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </Provider>,
  );
}

/** The lines of a list of changes as a visitor reads them: "date (Today) | hours". */
function linesOf(list: HTMLElement) {
  return within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent} | ${term.nextElementSibling?.textContent}`);
}

describe('changed hours beside the weekly hours', () => {
  it("the landing page lists the main store's special days under its opening hours, today's marked", async () => {
    renderWith(home, <HomePage />);
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    const list = await within(card).findByTestId('opening-changes');
    expect(within(list).getByRole('heading', { level: 3 }).textContent).toBe(
      'Changes in the next two weeks',
    );
    expect(linesOf(list)).toEqual(['Wed 23 Dec Today | 11:00 AM - 3:00 PM', 'Fri 25 Dec | Closed']);
    const today = within(list).getAllByRole('term')[0]!;
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(within(list).getAllByRole('term')[1]!.hasAttribute('aria-current')).toBe(false);
    // The weekly hours are still there, and the booking site's close-outs are not.
    expect(within(card).getByText('Monday to Friday')).toBeTruthy();
    expect(card.textContent).not.toContain('Sat 26 Dec');
  });

  it('prints nothing when there are none, or when the answer has no such key', async () => {
    renderWith({ ...home, openingChanges: [] }, <HomePage />);
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByText('Monday to Friday');
    expect(within(card).queryByText('Changes in the next two weeks')).toBeNull();
    cleanup();

    const { openingChanges: _left, bookingChanges: _out, ...older } = home;
    renderWith(older, <ReservationHome />);
    const booking = await screen.findByRole('region', { name: 'Booking hours' });
    await within(booking).findByTestId('booking-hours');
    expect(within(booking).queryByText('Changes in the next two weeks')).toBeNull();
  });

  it("the booking site's home lists the close-outs under the booking hours, not the store's special days", async () => {
    renderWith(home, <ReservationHome />);
    const card = await screen.findByRole('region', { name: 'Booking hours' });
    const list = await within(card).findByTestId('booking-changes');
    expect(linesOf(list)).toEqual(['Sat 26 Dec | Closed', 'Mon 28 Dec | 12:00 PM - 3:00 PM']);
    expect(card.textContent).not.toContain('Fri 25 Dec');
    // A sitting's last table starts before its end (booking-slots.ts): the card must not promise
    // a start "at any time within these hours" (a walk found 10:00 PM printed, 9:30 PM the last).
    expect(card.textContent).toContain('each sitting’s last table starts a little before its end');
    expect(card.textContent).not.toContain('at any time within these hours');
  });

  it('a shop with no booking hours shows its opening hours and their special days there', async () => {
    renderWith({ ...home, bookingHours: null, bookingChanges: null }, <ReservationHome />);
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    const list = await within(card).findByTestId('booking-changes');
    expect(linesOf(list)).toEqual(['Wed 23 Dec Today | 11:00 AM - 3:00 PM', 'Fri 25 Dec | Closed']);
  });

  it('the booking site says online booking is closed when bookings are off, with no invitation', async () => {
    // Walk 2, item 18: "Choose a day and time and we will confirm your booking by e-mail." with
    // no form behind it.
    renderWith(home, <ReservationHome />, '/', { ...config, allowBooking: 0 });
    expect(
      await screen.findByText(/Online booking is closed: please call us to book a table\./),
    ).toBeTruthy();
    expect(screen.queryByText(/Choose a day and time/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Make a reservation' })).toBeNull();
  });
});

/** A list of changes by store: each store's name (a heading), then its lines. */
const byStore = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 4 })
    .map((heading) => [heading.textContent, ...linesOf(heading.nextElementSibling as HTMLElement)]);

/** The Opening hours card's closures as they read, a store a line. */
const closedLines = (card: HTMLElement) =>
  within(within(card).getByTestId('closed-stores'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('every store, and stores closed until further notice', () => {
  it("lists each store's changes under its name when the shop has several", async () => {
    renderWith(
      {
        ...home,
        openingChanges: [
          { ...home.openingChanges![1]!, store: 'Tandoor Lane Shoreditch' },
          { ...home.openingChanges![1]!, store: 'Tandoor Lane Camden' },
          {
            date: '2026-12-26',
            day: 'Sat 26 Dec',
            hours: '12:00 PM - 4:00 PM',
            closed: false,
            today: false,
            store: 'Tandoor Lane Camden',
          },
        ],
      },
      <HomePage />,
    );
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    const list = await within(card).findByTestId('opening-changes');
    expect(byStore(list)).toEqual([
      ['Tandoor Lane Shoreditch', 'Fri 25 Dec | Closed'],
      ['Tandoor Lane Camden', 'Fri 25 Dec | Closed', 'Sat 26 Dec | 12:00 PM - 4:00 PM'],
    ]);
  });

  it('the landing page shows a closed main store as closed, not its usual hours', async () => {
    renderWith(
      {
        ...home,
        closedStores: [
          { store: 'Tandoor Lane Shoreditch', main: true, text: 'Temporarily closed' },
        ],
        openingChanges: [{ ...home.openingChanges![1]!, store: 'Tandoor Lane Camden' }],
      },
      <HomePage />,
    );
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('closed-stores');
    expect(closedLines(card)).toEqual(['Tandoor Lane Shoreditch: Temporarily closed']);
    expect(within(card).queryByText('Monday to Friday')).toBeNull();
    expect(card.textContent).not.toContain('11:00 AM - 10:00 PM');
    // The other store's special days are still listed.
    expect(byStore(within(card).getByTestId('opening-changes'))).toEqual([
      ['Tandoor Lane Camden', 'Fri 25 Dec | Closed'],
    ]);
  });

  it('another store closed is listed, and the main store keeps its hours', async () => {
    renderWith(
      {
        ...home,
        closedStores: [{ store: 'Tandoor Lane Camden', main: false, text: 'Temporarily closed' }],
      },
      <HomePage />,
    );
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('closed-stores');
    expect(closedLines(card)).toEqual(['Tandoor Lane Camden: Temporarily closed']);
    expect(within(card).getByText('Monday to Friday')).toBeTruthy();
  });

  it("under the shop's closed switch the card says so in the dialog's words, with the shop's message", async () => {
    const closedShop = {
      ...home,
      closedStores: [
        { main: true, text: "We're currently closed", message: 'Closed for the holidays' },
      ],
      openingChanges: [],
    };
    renderWith(closedShop, <HomePage />);
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('closed-stores');
    expect(closedLines(card)).toEqual(["We're currently closedClosed for the holidays"]);
    expect(within(card).queryByText('Monday to Friday')).toBeNull();
    cleanup();

    // A shop without booking hours: its booking site shows the same in place of opening hours.
    renderWith({ ...closedShop, bookingHours: null, bookingChanges: null }, <ReservationHome />);
    const opening = await screen.findByRole('region', { name: 'Opening hours' });
    await within(opening).findByTestId('closed-stores');
    expect(closedLines(opening)).toEqual(["We're currently closedClosed for the holidays"]);
    expect(within(opening).queryByText('Monday to Friday')).toBeNull();
  });

  it("the booking site keeps its booking hours and says the store's orders are closed", async () => {
    renderWith(
      {
        ...home,
        closedStores: [
          { store: 'Tandoor Lane Shoreditch', main: true, text: 'Temporarily closed' },
        ],
      },
      <ReservationHome />,
    );
    const card = await screen.findByRole('region', { name: 'Booking hours' });
    const closed = await within(card).findByTestId('closed-stores');
    expect(within(closed).getByRole('heading', { level: 3 }).textContent).toBe('Online orders');
    expect(closedLines(card)).toEqual(['Tandoor Lane Shoreditch: Temporarily closed']);
    // Bookings are not closed by it: the booking hours and their changes are there.
    expect(within(card).getByTestId('booking-hours').textContent).toContain('Monday to Friday');
    expect(linesOf(within(card).getByTestId('booking-changes'))).toHaveLength(2);
  });
});

describe("a page left open across the shop's midnight", () => {
  /** The next day's answer: Thursday 24 December is today, and the 23rd's line has gone. */
  const nextDay: HomeContent = {
    ...home,
    openingChanges: [
      { date: '2026-12-24', day: 'Thu 24 Dec', hours: 'Closed', closed: true, today: true },
      home.openingChanges![1]!,
    ],
    dayEndsAt: '2026-12-25T00:00:00.000Z',
  };
  const homeCalls = (wire: ReturnType<typeof stubApiWire>) =>
    wire.sent.filter((call) => call.path === '/api/home').length;
  const answer = (data: HomeContent, headers?: Record<string, string>) => ({
    status: 200,
    body: { status: 200, message: 'Home content loaded', data },
    headers,
  });

  function renderHome(first: HomeContent, headers?: Record<string, string>) {
    localStorage.setItem(STORAGE_KEYS.configData, JSON.stringify(config));
    const wire = stubApiWire({
      '/api/loadconfig': { status: 200, body: { status: 200, message: 'OK', data: config } },
      '/api/home': answer(first, headers),
    });
    render(
      <Provider store={createTestStore()}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </Provider>,
    );
    return wire;
  }

  it("fetches the changes again when the shop's day ends, and marks the new today", async () => {
    const first = { ...home, dayEndsAt: new Date(Date.now() + 300).toISOString() };
    const wire = renderHome(first);
    // The server answers the new day from its second call on (the day may end before the first
    // answer is on screen).
    wire.answers['/api/home'] = {
      status: 200,
      get body() {
        const data = homeCalls(wire) > 1 ? nextDay : first;
        return { status: 200, message: 'Home content loaded', data };
      },
    };
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('opening-changes');
    await within(card).findByText('Thu 24 Dec', { exact: false }, { timeout: 5000 });
    expect(linesOf(within(card).getByTestId('opening-changes'))).toEqual([
      'Thu 24 Dec Today | Closed',
      'Fri 25 Dec | Closed',
    ]);
    expect(homeCalls(wire)).toBe(2);
  });

  it("a tab looked at again after the day's end fetches again; before it, by the server's clock, not", async () => {
    // This device's clock is 10 minutes fast: the server's day ends in an hour by its own.
    const start = Date.now();
    const server = start - 10 * 60_000;
    const wire = renderHome(
      { ...home, dayEndsAt: new Date(server + 60 * 60_000).toISOString() },
      { date: new Date(server).toUTCString() },
    );
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('opening-changes');
    wire.answers['/api/home'] = answer(nextDay);
    const realNow = Date.now.bind(Date);
    const clock = vi.spyOn(Date, 'now');
    try {
      // 55 minutes on (the device's clock reads past the day's end; the server's does not).
      clock.mockImplementation(() => realNow() + 55 * 60_000);
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(homeCalls(wire)).toBe(1);

      // 61 minutes on, the tab comes back into view: the new day's answer.
      clock.mockImplementation(() => realNow() + 61 * 60_000);
      document.dispatchEvent(new Event('visibilitychange'));
      await within(card).findByText('Thu 24 Dec', { exact: false });
      expect(homeCalls(wire)).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('an answer whose day has ended is asked for again once, not over and over', async () => {
    // The server still names a day's end that has passed here (this device's clock was moved),
    // and each answer comes with the server's time a second on.
    const start = Date.now();
    let answers = 0;
    const headers = {
      get date() {
        return new Date(start + 1000 * answers++).toUTCString();
      },
    };
    const wire = renderHome(
      { ...home, dayEndsAt: new Date(start - 60_000).toISOString() },
      headers,
    );
    const card = await screen.findByRole('region', { name: 'Opening hours' });
    await within(card).findByTestId('opening-changes');
    await waitFor(() => expect(homeCalls(wire)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(homeCalls(wire)).toBe(2);
  });
});
