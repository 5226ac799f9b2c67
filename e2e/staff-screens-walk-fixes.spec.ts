import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  TABLET,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// The product walk's findings on the staff side (4, 9, 12, 13, 14), seen in a real browser on a
// kitchen's 1024 px tablet, and on a 375 px phone where the layout changed.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

/** The day strip's chips: each one's box, and the strip's own width and scrolling width. */
async function dayChips(page: Page) {
  const strip = page.getByRole('navigation', { name: 'Days' });
  await strip.getByRole('button').first().waitFor();
  const boxes = await Promise.all(
    (await strip.getByRole('button').all()).map(async (chip) => (await chip.boundingBox())!),
  );
  const list = strip.getByRole('list');
  const fits = await list.evaluate((ul) => ul.scrollWidth <= ul.clientWidth);
  const texts = await strip.getByRole('button').allInnerTexts();
  return { boxes, fits, texts };
}

describe('the staff screens the walk found wanting', () => {
  it('the diary’s fourteen days are all in sight, each chip the same shape (1024 px and 375 px)', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: TABLET,
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/bookings`);
    await page.getByText('Live.').waitFor();
    for (const viewport of [TABLET, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport);
      const { boxes, fits, texts } = await dayChips(page);
      expect(boxes).toHaveLength(14);
      // Two lines each: the weekday (or Today) over the day of the month.
      for (const text of texts) expect(text).toMatch(/^(Today|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\n\d+$/);
      const [first] = boxes;
      for (const box of boxes) {
        expect(Math.abs(box.width - first!.width), `${viewport.width} px`).toBeLessThan(1);
        expect(Math.abs(box.height - first!.height), `${viewport.width} px`).toBeLessThan(1);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      expect(fits, `${viewport.width} px`).toBe(true);
      // One row of fourteen on the tablet; two weeks of seven on a phone.
      const rows = new Set(boxes.map((box) => Math.round(box.y)));
      expect(rows.size).toBe(viewport === TABLET ? 1 : 2);
      expect(await overflowsSideways(page)).toBe(false);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `admin-diary-days-${viewport.width}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('the Service page says on each card what it changes, and saves only a change (1024 px)', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: TABLET,
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/service`);
    const heading = page.getByRole('heading', { level: 1, name: /^Service: / });
    await heading.waitFor();
    const store = (await heading.textContent())!.replace(/^Service: /, '');
    const shop = page.getByRole('region', { name: 'Whole shop' });
    await shop.getByText('These change every store at once.').waitFor();
    for (const card of ['Pause and busy mode', `Sold out at ${store}`]) {
      await page
        .getByRole('region', { name: card })
        .getByText(`These change ${store} only.`)
        .waitFor();
    }
    for (const save of ['Save opening hours', 'Save special days', 'Save the message']) {
      expect(await page.getByRole('button', { name: save }).isDisabled(), save).toBe(true);
    }
    await page.getByRole('button', { name: 'Add a special day' }).click();
    expect(await page.getByRole('button', { name: 'Save special days' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Remove this day' }).click();
    expect(await page.getByRole('button', { name: 'Save special days' }).isDisabled()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-service-scopes-1024');
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'admin-service-scopes-375');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('a tablet 10 minutes fast counts a 15-minute pause down from 15:00, on the server’s clock', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: TABLET,
    });
    // The tablet's clock, 10 minutes ahead of the server's; it runs on from there.
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/service`);
    const controls = page.getByRole('region', { name: 'Pause and busy mode' });
    await controls
      .getByRole('group', { name: 'Pause delivery' })
      .getByRole('button', { name: '15 min' })
      .click();
    const left = controls.getByText(/^Delivery paused: \d+:\d{2} left$/);
    await left.waitFor();
    // The walk saw "4:33 left" here: the server's 15 minutes less the tablet's 10.
    expect(await left.textContent()).toMatch(/^Delivery paused: (14:[45]\d|15:00) left$/);
    await screenshot(page, 'admin-service-paused-fast-tablet-1024');
    await controls.getByRole('button', { name: 'Resume orders now' }).click();
    await controls.getByRole('group', { name: 'Pause delivery' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('the reports of a day with no orders say so on each card, under a UK date (1024 px)', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: TABLET,
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/reports`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    // A day long before the shop opened: nothing can have been sold on it.
    await page.getByLabel('Day').fill('2020-01-01');
    await page.getByText('Wed 1 Jan 2020 · All stores').waitFor();
    for (const card of ['VAT by rate', 'Top dishes', 'Orders by hour']) {
      await page
        .getByRole('region', { name: card })
        .getByText('No orders in this period.')
        .waitFor();
    }
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByText('Value:').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-reports-empty-1024');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
