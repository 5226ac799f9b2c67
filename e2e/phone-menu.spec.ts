// Issue 30, point 8 on a 375×812 phone: the first screen of /menu shows at least two dishes
// whole, the store's facts in one line; while the store is closed, the delivery line gives the
// next real time. The shop: the demo, its stores closed now and opening in about two hours.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot, VIEWPORTS } from './support/browser.ts';
import { openMenu } from './support/menu.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** London's date and "HH:MM" clock `minutes` from now, the clock on the half hour before. */
function londonIn(minutes: number): { date: string; clock: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const date = at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return { date, clock: `${String(h).padStart(2, '0')}:${m! < 30 ? '00' : '30'}` };
}

/** "00:30" as the customer reads it: "12:30 AM". */
function twelveHour(clock: string): string {
  const [h, m] = clock.split(':').map(Number);
  return `${h! % 12 || 12}:${String(m).padStart(2, '0')} ${h! < 12 ? 'AM' : 'PM'}`;
}

/**
 * When the stores open, as the menu must say it: late in the evening two hours ahead is after
 * midnight, and the store opens tomorrow ("Opens Sat 12:30 AM" in the facts line).
 */
const opening = { time: '', tomorrow: false, day: '' };

/** Every store opens for an hour, about two hours from now, every day: closed now. */
const closedShop = () => {
  const opens = londonIn(120).clock;
  const closes = opens.startsWith('23') ? '23:59' : londonIn(180).clock;
  opening.time = twelveHour(opens);
  opening.tomorrow = londonIn(120).date !== londonIn(0).date;
  opening.day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${londonIn(120).date}T12:00:00Z`),
  );
  const hours = Object.fromEntries(DAYS.map((day) => [day, [{ opens, closes }]]));
  return {
    env: { SEED_DEMO: 'false' },
    tenantFiles: [
      demoVariant((doc) => {
        doc.config.isHomePage = 0;
        doc.config.IsShopClosed = 0;
        for (const store of doc.stores) store.openingHours = hours;
      }),
    ],
  };
};

const product = useProduct(closedShop);

/** The dish cards wholly between the sticky bars and the bottom of the screen, at the top. */
function wholeDishes(page: Page) {
  return page.evaluate(() => {
    const bars = [...document.querySelectorAll('header, nav[aria-label]')]
      .filter((el) => getComputedStyle(el).position === 'sticky')
      .map((el) => el.getBoundingClientRect().bottom);
    const top = Math.max(0, ...bars.filter((bottom) => bottom < innerHeight / 2));
    return [...document.querySelectorAll('main article')].filter((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= top && box.bottom <= innerHeight;
    }).length;
  });
}

describe('the menu on a phone (issue 30)', () => {
  it('8. shows two dishes whole on the first screen, the facts in one line, and a closed store’s next real time', async () => {
    const url = product.server.url;
    const { page, context } = await openMenu(product.browser, url, '/menu', VIEWPORTS.mobile);
    await page.evaluate(() => window.scrollTo(0, 0));
    // What the customer sees first: the screen, not the page.
    mkdirSync('.tmp/screenshots', { recursive: true });
    await page.screenshot({ path: '.tmp/screenshots/phone-menu-first-screen-375.png' });
    expect(await wholeDishes(page)).toBeGreaterThanOrEqual(2);

    const facts = page.getByTestId('store-facts');
    const opens = `Opens ${opening.tomorrow ? `${opening.day} ` : ''}${opening.time}`;
    expect(await facts.textContent()).toMatch(
      new RegExp(`^${opens} · £\\d+\\.\\d\\d\\+? delivery · £\\d+\\.\\d\\d\\+? min$`),
    );
    const lines = await facts.evaluate(
      (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(Math.round(lines)).toBe(1);
    expect(await accessibilityViolations(page), '/menu, closed').toEqual([]);

    // The postcode check: when the store opens and its first delivery, not "when it opens".
    await page.getByLabel('Delivering? Your postcode').fill('E1 6RL');
    await page.getByRole('button', { name: 'Check delivery' }).click();
    const line = page.getByRole('status').filter({ hasText: 'Delivery to E1 6RL' });
    await line.getByText(/first delivery/).waitFor();
    const opensAt = `Opens ${opening.tomorrow ? 'tomorrow ' : ''}at ${opening.time}`;
    expect(await line.textContent()).toMatch(
      new RegExp(
        `Delivery to E1 6RL: ${opensAt} · first delivery (Tomorrow, )?about \\d{1,2}:\\d\\d [AP]M · `,
      ),
    );
    expect(await wholeDishes(page)).toBeGreaterThanOrEqual(2);
    expect(await accessibilityViolations(page), '/menu, postcode checked').toEqual([]);
    await screenshot(page, 'phone-menu-postcode-375');
    await context.close();
  }, 180_000);
});
