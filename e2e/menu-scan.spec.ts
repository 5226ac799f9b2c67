import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';

// The demo shop as it ships: ten categories in the main store’s menu, pictures on most.
const product = useProduct();
const url = () => product.server.url;

/**
 * The menu of the main store, Camden, chosen on /stores: without a choice the menu opens the
 * first store open now, which depends on the hour the test runs.
 */
async function openMenu(viewport: { width: number; height: number }) {
  const opened = await openPage(product.browser, url(), { viewport });
  await opened.page.goto(`${url()}/stores`);
  await opened.page.getByRole('button', { name: 'Order here for Tandoor Lane Camden' }).click();
  await opened.page.getByText('Ordering from Tandoor Lane Camden', { exact: true }).waitFor();
  await opened.page.getByRole('navigation', { name: 'Menu categories' }).waitFor();
  await opened.page.getByRole('article').first().waitFor();
  return opened;
}

/** Where the sticky header and category bar end, in the window. */
const stickyBottom = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Menu categories"]')!;
    return nav.getBoundingClientRect().bottom;
  });

/** Dish cards wholly inside the window's height, below `top`. */
const cardsInView = (page: Page, top: number) =>
  page.evaluate(
    (top) =>
      [...document.querySelectorAll('main article')].filter((card) => {
        const box = card.getBoundingClientRect();
        return box.height > 0 && box.top >= top - 1 && box.bottom <= window.innerHeight + 1;
      }).length,
    top,
  );

describe('the menu on a phone (375 × 812)', () => {
  it('shows the first dish in the first screen, and five dishes to a screen as it scrolls', async () => {
    const { page, context, problems } = await openMenu(VIEWPORTS.mobile);
    const first = (await page.getByRole('article').first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(812);

    // Scrolling through a long category: the screen under the sticky bars holds five dishes.
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    await nav.getByRole('link', { name: 'Curry house classics' }).click();
    await page.waitForTimeout(400);
    const under = await stickyBottom(page);
    await page.evaluate((under) => {
      const card = document.querySelector('#category-curries article')!;
      window.scrollBy(0, card.getBoundingClientRect().top - under - 4);
    }, under);
    await page.waitForTimeout(200);
    expect(await cardsInView(page, under)).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: '.tmp/screenshots/menu-375-screen.png' });
    await screenshot(page, 'menu-375');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lands every category’s heading just below the sticky bar', async () => {
    const { page, context } = await openMenu(VIEWPORTS.mobile);
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    const names = await nav.getByRole('link').allTextContents();
    expect(names.length).toBe(10);
    const landed: { name: string; gap: number; focused: boolean }[] = [];
    for (const name of names) {
      await nav.getByRole('link', { name, exact: true }).click();
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      // Sizes above settle for a few frames (content-visibility) before the jump holds.
      await page.waitForTimeout(400);
      const box = (await heading.boundingBox())!;
      const bar = await stickyBottom(page);
      landed.push({
        name,
        gap: Math.round(box.y - bar),
        focused: await heading.evaluate((el) => el === document.activeElement),
      });
    }
    // Every heading shows below the bar; the last categories, near the page's end, may stop
    // lower, as the page cannot scroll further, but always within the screen.
    for (const jump of landed) {
      expect(jump.gap, jump.name).toBeGreaterThanOrEqual(0);
      expect(jump.gap, jump.name).toBeLessThan(812 - 200);
      expect(jump.focused, jump.name).toBe(true);
    }
    await context.close();
  });

  it('opens the dish from anywhere on its card, and pins “Add to basket” to the screen', async () => {
    const { page, context, problems } = await openMenu(VIEWPORTS.mobile);
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading').textContent())!;
    const box = (await card.boundingBox())!;
    // A tap on the card's lower left, away from its title and buttons.
    await page.mouse.click(box.x + 8, box.y + box.height - 6);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toContain('/product-details/');
    const add = page.getByRole('button', { name: /^Add to basket/ });
    const addBox = (await add.boundingBox())!;
    expect(addBox.y + addBox.height).toBeLessThanOrEqual(812);
    expect(addBox.y).toBeGreaterThan(812 - 120);
    await screenshot(page, 'dish-375');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('delivery facts before the basket', () => {
  it('checks a postcode, remembers it, and refuses what is not one', async () => {
    const { page, context, problems } = await openMenu(VIEWPORTS.mobile);
    // The main store, Camden, only takes collection orders; Shoreditch delivers.
    await page.getByText('Collection only from this store, minimum order £5.00.').waitFor();
    await page.goto(`${url()}/stores`);
    await page.getByRole('button', { name: 'Order here for Tandoor Lane Shoreditch' }).click();
    await page.getByText('Ordering from Tandoor Lane Shoreditch', { exact: true }).waitFor();
    const field = page.getByLabel('Delivering? Your postcode');
    await field.fill('E1');
    await page.getByRole('button', { name: 'Check delivery' }).click();
    await page.getByText('Enter a full UK postcode, such as E1 6RL.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('e1 6rl');
    await page.getByRole('button', { name: 'Check delivery' }).click();
    // Shoreditch: 25 minutes' preparation and 20 minutes' ride; E1 costs £1.99, at least £12.
    // The demo as shipped keeps its hours: while the store is closed the time is its first
    // delivery, not "about 45 min" (issue 30).
    const facts =
      /^Delivery to E1 6RL: (about 45 min|Opens [^·]+ · first delivery [^·]*\d:\d\d [AP]M) · £1\.99 delivery · £12\.00 minimum order$/;
    await page.getByText(facts).waitFor();
    await page.reload();
    await page.getByText(facts).waitFor();

    await page.getByRole('button', { name: 'Change postcode' }).click();
    await field.fill('N1 9GU');
    await page.getByRole('button', { name: 'Check delivery' }).click();
    await page.getByText(/does not deliver to N1 9GU\. You can collect your order\./).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // The cookie policy names what is kept.
    await page.goto(`${url()}/CookiePolicy`);
    await page.getByRole('heading', { name: 'Cookie Policy' }).waitFor();
    expect(await page.locator('tbody td.font-mono').allTextContents()).toContain(
      await page.evaluate(() => Object.keys(localStorage).find((k) => k.includes('postcode'))),
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('finding what the shop offers', () => {
  it.each(Object.entries(VIEWPORTS))(
    'links to the menu, offers, stores and booking on every page (%s)',
    async (size, viewport) => {
      const { page, context } = await openPage(product.browser, url(), { viewport });
      await page.goto(`${url()}/privacy`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const links =
        size === 'desktop'
          ? page.getByRole('navigation', { name: 'Shop' })
          : (await page.getByRole('button', { name: 'Open menu' }).click(),
            page.getByRole('dialog').getByRole('list', { name: 'The shop' }));
      // The side menu's code arrives on its first opening: read its links once they are there.
      await links.getByRole('link', { name: 'Menu' }).waitFor();
      const hrefs = await links
        .getByRole('link')
        .evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(hrefs).toEqual([
        ['Menu', '/menu'],
        ['Offers', '/promo'],
        ['Stores', '/stores'],
        ['Book a table', '/reservation'],
      ]);
      await screenshot(page, `shop-links-${size}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it('moves focus to the new page’s heading after each navigation, and keeps the skip link', async () => {
    const { page, context } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.desktop,
    });
    await page.goto(`${url()}/privacy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // First load: the skip link is the first stop and takes focus into the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    const focusedHeading = () =>
      page.evaluate(() =>
        document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null,
      );
    const nav = page.getByRole('navigation', { name: 'Shop' });
    await nav.getByRole('link', { name: 'Stores' }).click();
    await expect.poll(focusedHeading).toMatch(/store/i);
    await nav.getByRole('link', { name: 'Menu' }).click();
    await expect.poll(focusedHeading).toBe('Menu');
    await page.goBack();
    await expect.poll(focusedHeading).toMatch(/store/i);
    await context.close();
  });

  it('opens a kitchen’s page from its card on the home page', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url()}/`);
    const kitchens = page.getByRole('region', { name: 'Our kitchens' });
    await kitchens.getByRole('link', { name: 'Bao Down' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bao Down' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bao-down');
    await screenshot(page, 'brand-375');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('on a desktop (1280 wide)', () => {
  it('the menu, a dish and a brand page pass axe and are photographed', async () => {
    const { page, context, problems } = await openMenu(VIEWPORTS.desktop);
    expect(await accessibilityViolations(page), '/menu').toEqual([]);
    await screenshot(page, 'menu-1280');
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.getByRole('button', { name: /^Add to basket/ }).waitFor();
    expect(await accessibilityViolations(page), 'dish').toEqual([]);
    await screenshot(page, 'dish-1280');
    await page.goto(`${url()}/bao-down`);
    await page.getByRole('heading', { level: 1, name: 'Bao Down' }).waitFor();
    expect(await accessibilityViolations(page), 'brand').toEqual([]);
    await screenshot(page, 'brand-1280');
    expect(problems).toEqual([]);
    await context.close();
  });
});
