import { cleanup, render, screen, within } from '@testing-library/react';
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
