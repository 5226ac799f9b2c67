import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// The owner's walk through the back office after service, on a 1024 px tablet and a phone:
// every section but the order desk and the bookings diary (their own specs walk those), axe
// clean and never wider than the screen.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const TABLET = { width: 1024, height: 768 };
const SECTIONS = [
  'service',
  'menu',
  'promos',
  'stores',
  'reports',
  'customers',
  'orders',
  'staff',
  'audit',
  'subscribers',
];

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
}

/**
 * The sold-out list: each dish's name comes first, its Hide button after it on the same line
 * on a tablet (it sat above the name), and under it on a phone, never off the screen.
 */
async function soldOutRowsRead(page: Page, width: number) {
  const hide = page.getByRole('button', { name: /^Hide .+ at / }).first();
  const [nameBox, hideBox] = await hide.evaluate((button) => {
    const name = button.closest('[role="group"]')!.querySelector('p')!;
    return [name.getBoundingClientRect().toJSON(), button.getBoundingClientRect().toJSON()] as [
      DOMRect,
      DOMRect,
    ];
  });
  if (width >= 1024) {
    expect(hideBox.x).toBeGreaterThan(nameBox.x + nameBox.width);
    expect(
      Math.abs(hideBox.y + hideBox.height / 2 - (nameBox.y + nameBox.height / 2)),
    ).toBeLessThan(hideBox.height);
  } else {
    expect(hideBox.y).toBeGreaterThan(nameBox.y);
  }
  expect(hideBox.x + hideBox.width).toBeLessThanOrEqual(width);
}

/**
 * A day's changes an owner looks for in the audit log afterwards: Tuesday's hours, a closed
 * Christmas Day, a zone's fee, a Monday's dinner and the Tuesday after closed to bookings, made
 * as the screens make them (the admin API, from the page).
 */
async function changeTheFirstStore(page: Page) {
  const changes = await page.evaluate(async () => {
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`/api/admin${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : null,
      });
      return { status: res.status, data: ((await res.json()) as { data: unknown }).data };
    };
    const [first] = (await call('GET', '/stores')).data as {
      id: string;
      hours: Record<string, object[]>;
    }[];
    const store = `/stores/${first!.id}`;
    const zones = (await call('GET', `${store}/zones`)).data as {
      zones: { fee: number }[];
      version: number;
    };
    const year = new Date().getFullYear() + 1;
    // A Monday one to two weeks ahead, within the diary's 60 days, and the Tuesday after.
    const monday = new Date();
    monday.setDate(monday.getDate() + 7 + ((8 - monday.getDay()) % 7));
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const tuesday = new Date(monday);
    tuesday.setDate(monday.getDate() + 1);
    return [
      await call('PUT', `${store}/hours`, {
        hours: {
          ...first!.hours,
          monday: [
            { opens: '12:00', closes: '14:30' },
            { opens: '17:00', closes: '22:00' },
          ],
          tuesday: [],
        },
      }),
      await call('PUT', `${store}/special-days`, {
        special_days: [{ date: `${year}-12-25`, closed: true, hours: [] }],
      }),
      await call('PUT', `${store}/zones`, {
        zones: zones.zones.map((z, i) => (i === 0 ? { ...z, fee: z.fee + 50 } : z)),
        version: zones.version,
      }),
      await call('POST', '/closeouts', {
        date: day(monday),
        service: '17:30-22:00',
        reason: 'Private party',
      }),
      await call('POST', '/closeouts', { date: day(tuesday), reason: 'Staff training' }),
    ].map((answer) => answer.status);
  });
  expect(changes).toEqual([200, 200, 200, 200, 200]);
}

/** The audit log's details in words: no recorded JSON (braces, quotes, API field names). */
async function auditReadsInWords(page: Page) {
  const log = page.getByRole('list', { name: 'Changes, newest first' });
  const details = await log.locator('dd').allTextContents();
  expect(details.length).toBeGreaterThan(0);
  for (const detail of details) expect(detail).not.toMatch(/[{}"]|_|opens|closes/);
  const terms = await log.locator('dt').allTextContents();
  expect(terms).toEqual(
    expect.arrayContaining(['Opening hours', 'Special days', 'Delivery zones']),
  );
  // Close-outs by a UK date and the times every staff screen prints, never ISO or "17:30".
  const closeouts = (
    await log
      .getByRole('listitem')
      .filter({ hasText: /^closeout created/ })
      .allTextContents()
  ).join('\n');
  expect(closeouts).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, 5:30 PM – 10:00 PM/);
  expect(closeouts).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, the whole day/);
  expect(closeouts).toMatch(/From5:30 PMUntil10:00 PM/);
  expect(closeouts).not.toMatch(/\d{4}-\d{2}-\d{2}|17:30|22:00/);
}

/**
 * The opening hours refuse a range that overlaps another, naming it as every staff screen
 * prints times; nothing is saved.
 */
async function overlapRefused(page: Page) {
  await page.goto(`${url()}/admin/service`);
  await settle(page);
  const hours = page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: 'Opening hours' }) });
  await hours.getByRole('button', { name: 'Add a range on Monday' }).click();
  const ranges = hours.getByLabel(/^Monday range \d+ opens$/);
  await ranges.last().fill('13:00');
  await hours.getByRole('button', { name: 'Save opening hours' }).click();
  await hours
    .getByRole('status')
    .filter({ hasText: 'Overlaps Monday 12:00 PM – 2:30 PM' })
    .waitFor();
  await screenshot(page, 'walk-service-overlap-tablet');
  expect.soft(await accessibilityViolations(page), 'the refused hours').toEqual([]);
}

describe('the back office, section by section', () => {
  it('every section but the desk and the diary is axe clean at 1024 px and 375 px', async () => {
    for (const [name, viewport] of [
      ['tablet', TABLET],
      ['phone', VIEWPORTS.mobile],
    ] as const) {
      const { page, context } = await openPage(product.browser, url(), { viewport });
      await signInToAdmin(page, product.server, DEMO_OWNER);
      if (name === 'tablet') await changeTheFirstStore(page);
      if (name === 'tablet') await overlapRefused(page);
      for (const section of SECTIONS) {
        await page.goto(`${url()}/admin/${section}`);
        await settle(page);
        const what = `/admin/${section} at ${viewport.width} px`;
        await screenshot(page, `walk-${section}-${name}`);
        // Soft: one walk reports every section's problems, not the first one's alone.
        expect.soft(await accessibilityViolations(page), what).toEqual([]);
        expect.soft(await overflowsSideways(page), `${what} scrolls sideways`).toBe(false);
        if (section === 'service') await soldOutRowsRead(page, viewport.width);
        if (section === 'audit') await auditReadsInWords(page);
      }
      await context.close();
    }
  });
});
