import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, openPage, screenshot, violationsAsScrolled } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { addDays } from './support/reservation.ts';
import { demoVariant } from './support/server.ts';

/** The demo shop's date today, on its clock (Europe/London). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
/** "Fri 25 Dec", as the lists name a date. */
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

// The demo shop with its main store (Shoreditch) closed until further notice (a refit), and
// special days at its other store, Camden (open every day): other hours today, closed in two.
const closedDay = addDays(today, 2);
const product = useProduct(() => ({
  tenantFiles: [
    demoVariant((doc) => {
      const main = doc.stores.find((store) => store.slug === doc.home?.mainStore)!;
      main.isClosed = true;
      main.specialDays = [{ date: addDays(today, 3), closed: true, hours: [] }];
      const camden = doc.stores.find((store) => store !== main)!;
      camden.specialDays = [
        { date: today, closed: false, hours: [{ opens: '17:00', closes: '21:00' }] },
        { date: closedDay, closed: true, hours: [] },
      ];
    }),
  ],
}));
const url = () => product.server.url;
const bookUrl = () => url().replace('.localhost', '.book.localhost');

/** The lines of a list of changes as they read: "date (Today) | hours". */
async function linesOf(page: Page, testId: string) {
  const list = page.getByTestId(testId);
  await list.waitFor();
  return list
    .locator('dt')
    .evaluateAll((terms) =>
      terms.map((dt) => `${dt.textContent} | ${dt.nextElementSibling?.textContent}`),
    );
}

/**
 * Axe and a screenshot of the page at each width, `part` scrolled into view (a link above it
 * may then sit under the pinned header: violationsAsScrolled).
 */
async function lookAt(page: Page, part: string, name: string) {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.getByTestId(part).scrollIntoViewIfNeeded();
    expect(await violationsAsScrolled(page)).toEqual([]);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(VIEWPORTS.mobile);
}

describe('a store closed until further notice, and the other store’s special days', () => {
  it('the landing page shows the main store closed, not its usual hours, and the other store’s days', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url()}/`);
    const card = page.getByRole('region', { name: 'Opening hours' });
    await card.getByTestId('closed-stores').waitFor();
    expect(await card.getByTestId('closed-stores').textContent()).toBe(
      'Tandoor Lane Shoreditch: Temporarily closed',
    );
    // Shoreditch's weekly hours are not printed as if it opened by them.
    expect(await card.textContent()).not.toContain('Monday to Friday');
    // Camden's special days, under its name; Shoreditch's are moot while it is closed.
    expect(
      await page
        .getByTestId('opening-changes')
        .getByRole('heading', { level: 4 })
        .allTextContents(),
    ).toEqual(['Tandoor Lane Camden']);
    expect(await linesOf(page, 'opening-changes')).toEqual([
      `${dayOf(today)} Today | 5:00 PM - 9:00 PM`,
      `${dayOf(closedDay)} | Closed`,
    ]);
    await lookAt(page, 'closed-stores', 'store-hours-home');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the booking site keeps its booking hours and says Shoreditch takes no orders, on its home and footer', async () => {
    const { page, context, problems } = await openPage(product.browser, bookUrl(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${bookUrl()}/`);
    const card = page.getByRole('region', { name: 'Booking hours' });
    const closed = card.getByTestId('closed-stores');
    await closed.waitFor();
    expect(await closed.getByRole('heading').textContent()).toBe('Online orders');
    expect(await closed.getByRole('listitem').textContent()).toBe(
      'Tandoor Lane Shoreditch: Temporarily closed',
    );
    expect(await card.getByTestId('booking-hours').textContent()).toContain('Saturday');
    await lookAt(page, 'closed-stores', 'store-hours-booking-home');

    await page.goto(`${bookUrl()}/terms`);
    const footer = page.getByTestId('footer-closed-stores');
    await footer.waitFor();
    expect(await footer.getByRole('listitem').textContent()).toBe(
      'Tandoor Lane Shoreditch: Temporarily closed',
    );
    await lookAt(page, 'footer-closed-stores', 'store-hours-booking-footer');
    expect(problems).toEqual([]);
    await context.close();
  });
});
