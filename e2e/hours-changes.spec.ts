import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  TABLET,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
  violationsAsScrolled,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { addDays } from './support/reservation.ts';
import { demoVariant } from './support/server.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

/** The demo shop's date today, on its clock (Europe/London). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 = Sunday
/** "Fri 25 Dec", as the lists name a date. */
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

// The demo shop with special days at its main store (Shoreditch, open every day): other hours
// today, closed in two days, late hours in five.
const closedDay = addDays(today, 2);
const lateDay = addDays(today, 5);
const product = useProduct(() => ({
  tenantFiles: [
    demoVariant((doc) => {
      const main = doc.stores.find((store) => store.slug === doc.home?.mainStore)!;
      main.specialDays = [
        { date: today, closed: false, hours: [{ opens: '17:00', closes: '23:00' }] },
        { date: closedDay, closed: true, hours: [] },
        { date: lateDay, closed: false, hours: [{ opens: '17:00', closes: '01:00' }] },
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

describe('changed hours beside the weekly hours (the demo shop)', () => {
  it("the landing page lists the main store's special days, today's marked", async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url()}/`);
    expect(await linesOf(page, 'opening-changes')).toEqual([
      `${dayOf(today)} Today | 5:00 PM - 11:00 PM`,
      `${dayOf(closedDay)} | Closed`,
      `${dayOf(lateDay)} | 5:00 PM - 1:00 AM`,
    ]);
    // The demo shop has two stores: the lines are under their store's name.
    expect(
      await page
        .getByTestId('opening-changes')
        .getByRole('heading', { level: 4 })
        .allTextContents(),
    ).toEqual(['Tandoor Lane Shoreditch']);
    const card = page.getByRole('region', { name: 'Opening hours' });
    await card.scrollIntoViewIfNeeded();
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      // Scrolled to the card, a kitchen's link above it may sit under the pinned header.
      expect(await violationsAsScrolled(page)).toEqual([]);
      await screenshot(page, `hours-changes-home-${name}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the booking site's home and footer list a day closed to bookings and an evening closed out", async () => {
    // The owner closes a whole day and, on a weekday with two sittings, the evening.
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    const wholeDay = addDays(today, 3);
    const evening = [6, 7, 8, 9, 10, 11, 12]
      .map((n) => addDays(today, n))
      .find((date) => [2, 3, 4].includes(weekdayOf(date)))!; // Tuesday to Thursday
    for (const data of [
      { date: wholeDay, reason: 'Private hire' },
      { date: evening, service: '17:30-22:00', reason: 'Staff party' },
    ]) {
      const res = await owner.page.request.post(`${url()}/api/admin/closeouts`, {
        data,
        headers: { origin: url() },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await owner.context.close();

    const { page, context, problems } = await openPage(product.browser, bookUrl(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${bookUrl()}/`);
    const expected = [`${dayOf(wholeDay)} | Closed`, `${dayOf(evening)} | 12:00 PM - 2:30 PM`];
    expect(await linesOf(page, 'booking-changes')).toEqual(expected);
    // The store's special days are the ordering site's: not on the booking hours.
    expect(await page.getByRole('region', { name: 'Booking hours' }).textContent()).not.toContain(
      dayOf(closedDay),
    );
    await page.getByRole('region', { name: 'Booking hours' }).scrollIntoViewIfNeeded();
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `hours-changes-booking-home-${name}`);
    }

    // The footer of the booking site's other pages gives them too.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${bookUrl()}/terms`);
    expect(await linesOf(page, 'footer-changes')).toEqual(expected);
    await page.getByTestId('footer-changes').scrollIntoViewIfNeeded();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'hours-changes-booking-footer-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });
});
