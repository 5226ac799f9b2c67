import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopConfig } from '@servery/contract/config';
import type { HomeContent } from '@servery/contract/home';
import { createTestStore, stubApiWire } from '../lib/testing/api-wire.ts';
import { Footer } from './footer.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = {
  websiteName: 'Tandoor Lane',
  footerLogo: 'footer-logo.svg',
  contactNumber: '020 7946 0321',
  supportEmail: 'hello@tandoor-lane.test',
  website: 'https://tandoor-lane.test',
  socialLinks: [],
  siteVariant: 'reservation',
  locationData: { addressLine1: '12 Parkway', addressLine2: '', directionLink: '' },
} as unknown as ShopConfig;

const week = { Weekdays: '12:00 PM - 10:00 PM', Saturday: '12:00 PM - 10:00 PM', Sunday: 'Closed' };
const home: HomeContent = {
  banners: [],
  locationData: config.locationData,
  openingHours: week,
  bookingHours: week,
  getInTouch: { contactNumber: config.contactNumber, supportEmail: config.supportEmail },
  openingChanges: [
    { date: '2026-12-25', day: 'Fri 25 Dec', hours: 'Closed', closed: true, today: false },
  ],
  bookingChanges: [
    {
      date: '2026-12-23',
      day: 'Wed 23 Dec',
      hours: '12:00 PM - 3:00 PM',
      closed: false,
      today: true,
    },
    { date: '2026-12-26', day: 'Sat 26 Dec', hours: 'Closed', closed: true, today: false },
  ],
};

function renderFooter(answer: object) {
  stubApiWire({
    '/api/home': {
      status: 200,
      body: { status: 200, message: 'Home content loaded', data: answer },
    },
  });
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={['/reservation']}>
        <Footer config={config} />
      </MemoryRouter>
    </Provider>,
  );
}

describe("the booking site's footer", () => {
  it('lists the booking changes below its booking hours, today marked', async () => {
    renderFooter(home);
    const list = await screen.findByTestId('footer-changes');
    const lines = within(list)
      .getAllByRole('term')
      .map((term) => `${term.textContent} | ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual(['Wed 23 Dec Today | 12:00 PM - 3:00 PM', 'Sat 26 Dec | Closed']);
    expect(within(list).getAllByRole('term')[0]!.getAttribute('aria-current')).toBe('date');
    expect(screen.getByTestId('reservation-footer').textContent).not.toContain('Fri 25 Dec');
  });

  it('lists nothing when no day is closed out', async () => {
    renderFooter({ ...home, bookingChanges: [] });
    await within(await screen.findByTestId('reservation-footer')).findByText('Monday to Friday');
    expect(screen.queryByTestId('footer-changes')).toBeNull();
    expect(screen.queryByText('Changes in the next two weeks')).toBeNull();
  });

  it('says a store closed until further notice is closed to orders, under the booking hours', async () => {
    const closedStores = [
      { store: 'Tandoor Lane Shoreditch', main: true, text: 'Temporarily closed' },
    ];
    renderFooter({ ...home, closedStores });
    const closed = await screen.findByTestId('footer-closed-stores');
    expect(within(closed).getByRole('heading', { level: 3 }).textContent).toBe('Online orders');
    expect(within(closed).getByRole('listitem').textContent).toBe(
      'Tandoor Lane Shoreditch: Temporarily closed',
    );
    expect(screen.getByTestId('reservation-footer').textContent).toContain('Monday to Friday');
    cleanup();

    // Without booking hours the footer gives the opening hours: the closure stands in their place.
    renderFooter({ ...home, bookingHours: null, bookingChanges: null, closedStores });
    const footer = await screen.findByTestId('reservation-footer');
    const instead = await within(footer).findByTestId('footer-closed-stores');
    expect(within(instead).queryByRole('heading')).toBeNull();
    expect(within(footer).getByRole('heading', { level: 2 }).textContent).toBe('Opening hours');
    expect(footer.textContent).toContain('Tandoor Lane Shoreditch: Temporarily closed');
    expect(footer.textContent).not.toContain('Monday to Friday');
  });
});
