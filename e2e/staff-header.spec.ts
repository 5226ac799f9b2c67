import type { OrderCreated } from '@servery/contract/order';
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
import { customerCall, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi, uniqueEmail } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// The staff application's header (docs/decisions/0074): on a 1024 × 768 tablet it took about
// 250 px above the desk's first order (193 px for a member of staff); on a phone its sections
// scrolled sideways, "Bookings" cut off at the edge.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

/** What the header may take on the desk at 1024 × 768, and where the first order then starts. */
const REACHED = {
  owner: { header: 110, firstOrder: 247 },
  staff: { header: 58, firstOrder: 195 },
};
const SECTIONS = {
  owner: [
    'Home',
    'Order desk',
    'Bookings',
    'Service',
    'Menu',
    'Staff',
    'Audit log',
    'Subscribers',
    'Promo codes',
    'Delivery & capacity',
    'Shop',
    'Orders',
    'Reports',
    'Customers',
  ],
  staff: ['Home', 'Order desk', 'Bookings', 'Service', 'Orders'],
};
type Who = keyof typeof SECTIONS;

/** A cash collection order at Shoreditch, so that the desk has a new order's card. */
async function placeOrder(storeId: string) {
  const customer = await signInByApi(product.server);
  const timings = await timingsOf(url(), customer, storeId, 'collection');
  const at = timings.asap.available ? 'asap' : timings.days.flatMap((d) => d.slots)[0]!.at;
  const menu = (await (await fetch(`${url()}/api/menu/${storeId}`)).json()) as {
    data: { categories: { items: { id: string; has_required_modifiers: boolean }[] }[] };
  };
  const dish = menu.data.categories
    .flatMap((c) => c.items)
    .find((item) => !item.has_required_modifiers)!.id;
  const placed = await customerCall<OrderCreated>(url(), customer, '/order', {
    method: 'POST',
    body: JSON.stringify({
      store_id: storeId,
      order_type: 'collection',
      when: at,
      lines: [{ item_id: dish, quantity: 2, modifiers: [] }],
      payment_method: 'cash',
    }),
  });
  expect(placed.status).toBe(200);
  return placed.body.data.order;
}

/** The owner adds a member of staff for one store, who signs in on a page of their own. */
async function staffMemberOf(
  owner: Page,
  storeId: string,
  viewport: { width: number; height: number },
) {
  const email = uniqueEmail('cook');
  const invited = await owner.evaluate(
    async ({ email, storeId }) =>
      (
        await fetch('/api/admin/staff', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, name: 'Sam Cook', role: 'staff', store_ids: [storeId] }),
        })
      ).status,
    { email, storeId },
  );
  expect(invited).toBe(200);
  const cook = await openPage(product.browser, url(), { viewport });
  await signInToAdmin(cook.page, product.server, email);
  return cook;
}

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

const nav = (page: Page) => page.getByRole('navigation', { name: 'Staff sections' });

/** Each section link in sight: its name, its box, and whether the nav scrolls sideways. */
async function linksInSight(page: Page) {
  const links = await nav(page)
    .getByRole('link')
    .evaluateAll((all) =>
      all.map((a) => {
        const box = a.getBoundingClientRect();
        const name = a.firstChild?.textContent ?? '';
        return { name, left: box.left, right: box.right, top: box.top, height: box.height };
      }),
    );
  const navScrolls = await nav(page).evaluate((el) =>
    [el, ...el.querySelectorAll('ul')].some((box) => box.scrollWidth > box.clientWidth),
  );
  return { links, navScrolls };
}

/** Every section this person may open is a link in sight, 48 px tall, none past either edge. */
async function everySectionInSight(page: Page, who: Who, width: number, what: string) {
  const { links, navScrolls } = await linksInSight(page);
  expect(
    links.map((l) => l.name),
    what,
  ).toEqual(SECTIONS[who]);
  for (const link of links) {
    expect(link.height, `${what}: ${link.name}`).toBeGreaterThanOrEqual(48);
    expect(link.left, `${what}: ${link.name}`).toBeGreaterThanOrEqual(0);
    expect(link.right, `${what}: ${link.name}`).toBeLessThanOrEqual(width);
  }
  expect(navScrolls, `${what}: the sections scroll sideways`).toBe(false);
}

async function clean(page: Page, what: string) {
  expect.soft(await accessibilityViolations(page), what).toEqual([]);
  expect.soft(await overflowsSideways(page), `${what} scrolls sideways`).toBe(false);
}

const headerHeight = (page: Page) =>
  page.locator('header').evaluate((el) => el.getBoundingClientRect().height);
const firstOrderTop = (page: Page) =>
  page
    .getByRole('region', { name: /^New/ })
    .getByRole('listitem')
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);

describe('the staff application’s header', () => {
  it('on a tablet is one line for staff and two for an owner, every section in sight, and the desk’s first order high', async () => {
    const store = await storeNamed(url(), 'Tandoor Lane Shoreditch');
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    const cook = await staffMemberOf(owner.page, store.id, TABLET);
    const people = { owner: owner.page, staff: cook.page };

    // Nothing waits yet: where each link stands, before the desk's count appears beside one.
    const before: Record<string, Awaited<ReturnType<typeof linksInSight>>['links']> = {};
    for (const [who, page] of Object.entries(people)) {
      for (const viewport of [TABLET, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        before[`${who} ${viewport.width}`] = (await linksInSight(page)).links;
      }
    }
    const order = await placeOrder(store.id);

    for (const [who, page] of Object.entries(people) as [Who, Page][]) {
      for (const viewport of [TABLET, VIEWPORTS.desktop]) {
        await page.setViewportSize(viewport);
        const what = `${who} at ${viewport.width} px`;
        await page.goto(`${url()}/admin/desk`);
        await page
          .getByRole('region', { name: /^New/ })
          .getByRole('heading', { name: `#${order.number} · Collection` })
          .waitFor();
        await page.getByTestId('waiting-badge').waitFor();
        await everySectionInSight(page, who, viewport.width, what);
        // The count came beside "Order desk" and no link moved for it.
        expect((await linksInSight(page)).links, what).toEqual(before[`${who} ${viewport.width}`]);
        if (viewport === TABLET) {
          // Before service, once it runs, and after a reload (one tap from running again): the
          // header's height and the first order's top, the same in each.
          const heights = new Set<number>();
          for (const phase of ['off', 'on', 'resume']) {
            if (phase === 'on') {
              await page.getByRole('button', { name: /^Start service/ }).click();
              await page.getByText('Service on:').waitFor();
            }
            if (phase === 'resume') {
              await page.reload();
              await page.getByText('Page reloaded: tap anywhere.').waitFor();
              await page.getByRole('heading', { name: `#${order.number} · Collection` }).waitFor();
            }
            const height = await headerHeight(page);
            heights.add(height);
            expect(height, `${what}, service ${phase}`).toBeLessThanOrEqual(REACHED[who].header);
            expect(await firstOrderTop(page), `${what}, service ${phase}`).toBeLessThanOrEqual(
              REACHED[who].firstOrder,
            );
          }
          expect(heights.size, `${what}: the header's height changed with service`).toBe(1);
          await page.getByRole('button', { name: 'Resume service (sound on)' }).click();
          await page.getByRole('button', { name: 'Stop service' }).click();
        }
      }
    }
    await owner.context.close();
    await cook.context.close();
  });

  it('on a phone folds the sections into a menu with every one in it, and nothing scrolls sideways', async () => {
    const store = await storeNamed(url(), 'Tandoor Lane Camden');
    const owner = await openPage(product.browser, url(), { viewport: VIEWPORTS.mobile });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    const cook = await staffMemberOf(owner.page, store.id, VIEWPORTS.mobile);

    for (const [who, page] of Object.entries({ owner: owner.page, staff: cook.page }) as [
      Who,
      Page,
    ][]) {
      const what = `${who} at 375 px`;
      const sections = nav(page).getByRole('button', { name: 'Sections' });
      expect(await sections.getAttribute('aria-expanded')).toBe('false');
      expect(await nav(page).getByRole('link').count()).toBe(0);
      // The screen's name stays in sight beside the button.
      expect(await nav(page).locator('p').textContent()).toBe('This screen: Home');
      await clean(page, what);

      await sections.click();
      expect(await sections.getAttribute('aria-expanded')).toBe('true');
      await everySectionInSight(page, who, VIEWPORTS.mobile.width, `${what}, the menu open`);
      await clean(page, `${what}, the menu open`);
      await screenshot(page, `staff-header-${who}-menu-375`);

      // "Bookings", which was cut off at the edge, is a tap away; the menu closes on the way.
      await nav(page).getByRole('link', { name: 'Bookings' }).click();
      await page.getByRole('heading', { level: 1, name: /^Bookings/ }).waitFor();
      expect(await sections.getAttribute('aria-expanded')).toBe('false');
      expect(await nav(page).locator('p').textContent()).toBe('This screen: Bookings');
      await page.goto(`${url()}/admin`);
      await settle(page);
    }
    await owner.context.close();
    await cook.context.close();
  });

  it('is looked at on the desk, the diary and the home, at 375, 1024 and 1280 px, axe clean', async () => {
    const store = await storeNamed(url(), 'Tandoor Lane Shoreditch');
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    const cook = await staffMemberOf(owner.page, store.id, TABLET);
    await placeOrder(store.id);
    for (const [who, page] of Object.entries({ owner: owner.page, staff: cook.page })) {
      for (const [width, viewport] of [
        ['375', VIEWPORTS.mobile],
        ['1024', TABLET],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const [name, path] of [
          ['desk', '/admin/desk'],
          ['diary', '/admin/bookings'],
          ['home', '/admin'],
        ] as const) {
          await page.goto(`${url()}${path}`);
          await settle(page);
          await screenshot(page, `staff-header-${who}-${name}-${width}`);
          await clean(page, `${who}: ${path} at ${width} px`);
        }
      }
    }
    await owner.context.close();
    await cook.context.close();
  });
});
