import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { TEST_STORES, withTestCatalogue } from './support/catalogue.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';

// The demo shop with the test catalogue, ordering from `/` (isHomePage 0).
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 0;
    }),
  ],
}));
const url = () => product.server.url;

const dishCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const badge = (page: Page) => page.getByTestId('cart-badge');
const cartData = (page: Page) =>
  page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
    return root.cartList ? JSON.parse(root.cartList).cart_list_data : null;
  });

async function openMenu(
  path = '/menu',
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const opened = await openPage(product.browser, url(), { viewport });
  await opened.page.goto(`${url()}${path}`);
  await opened.page.getByRole('heading', { level: 2, name: 'Starters' }).waitFor();
  return opened;
}

describe('the menu', () => {
  it('shows the chosen store’s dishes by category, with prices, kcal, diets and sold-out dishes', async () => {
    const { page, context, problems } = await openMenu();
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await page.getByText(`Ordering from ${TEST_STORES.shoreditch}`, { exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Starters',
      'Curries',
      'Breads',
    ]);
    expect(await nav.getByRole('link', { name: 'Starters' }).getAttribute('aria-current')).toBe(
      'true',
    );

    const bhajis = dishCard(page, 'Onion bhajis');
    expect(await bhajis.textContent()).toContain('£4.50');
    expect(await bhajis.textContent()).toContain('390 kcal');
    expect(await bhajis.getByRole('listitem').allTextContents()).toEqual(['Vegetarian', 'Vegan']);
    const bhajiImage = bhajis.locator('img');
    expect(await bhajiImage.getAttribute('src')).toBe('/tenancy/assets/dish-onion-bhaji.svg');
    expect(await bhajiImage.getAttribute('loading')).toBe('lazy');
    expect(await bhajiImage.getAttribute('width')).toBe('96');

    const samosas = dishCard(page, 'Vegetable samosas');
    await samosas.getByText('Sold out').waitFor();
    expect(await samosas.getByRole('button').count()).toBe(0);

    // A dish with choices opens its page instead of being added.
    expect(
      await dishCard(page, 'Curry lunch box')
        .getByRole('link', { name: 'Choose options for Curry lunch box' })
        .count(),
    ).toBe(1);

    // Allergen information is one click away on every dish.
    await page.getByText('Allergen information for Prawn puri').click();
    await dishCard(page, 'Prawn puri')
      .getByText('Cereals containing gluten, Crustaceans')
      .waitFor();

    // The category bar follows the scroll, and takes the reader to a category.
    const current = () => nav.locator('[aria-current="true"]').textContent();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(current).toBe('Breads');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(current).toBe('Starters');
    await nav.getByRole('link', { name: 'Curries' }).click();
    await expect.poll(current).not.toBe('Starters');
    expect(
      await page
        .getByRole('heading', { level: 2, name: 'Curries' })
        .evaluate((h) => h === document.activeElement && h.getBoundingClientRect().top < 300),
    ).toBe(true);
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y).toBeGreaterThanOrEqual(60);
    expect(navBox.y).toBeLessThan(70);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by allergen (contains or may contain), by diet and by words', async () => {
    const { page, context } = await openMenu();
    const names = () => page.getByRole('article').getByRole('heading').allTextContents();
    expect(await names()).toEqual([
      'Onion bhajis',
      'Prawn puri',
      'Vegetable samosas',
      'Curry lunch box',
      'Garlic naan',
    ]);

    await page.getByRole('button', { name: 'Allergens and diets' }).click();
    const avoid = page.getByRole('group', { name: 'I avoid…' });
    expect(await avoid.getByRole('checkbox').count()).toBe(14);
    await avoid.getByRole('checkbox', { name: 'Cereals containing gluten' }).check();
    // Bhajis only may contain gluten: they go too, and the page says why.
    await expect.poll(names).toEqual(['Curry lunch box']);
    await page.getByText('Showing 1 of 5 dishes').waitFor();
    await page
      .getByText('Hiding dishes that contain or may contain: Cereals containing gluten.')
      .waitFor();
    await screenshot(page, 'menu-filtered-desktop');
    expect(await accessibilityViolations(page), 'menu with filters open').toEqual([]);
    await avoid.getByRole('checkbox', { name: 'Milk' }).check();
    await page.getByText('No dishes match your search and filters.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu categories' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(names).toHaveLength(5);

    await page
      .getByRole('group', { name: 'Show only' })
      .getByRole('checkbox', { name: 'Vegan' })
      .check();
    await expect.poll(names).toEqual(['Onion bhajis', 'Vegetable samosas']);
    await page.getByRole('button', { name: 'Clear allergen and diet filters' }).click();

    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('NAAN');
    await expect.poll(names).toEqual(['Garlic naan']);
    expect(
      await page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link').count(),
    ).toBe(1);
    await context.close();
  });

  it('is what `/` shows when isHomePage is 0', async () => {
    const { page, context } = await openMenu('/');
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await dishCard(page, 'Garlic naan').waitFor();
    await context.close();
  });
});

describe('ordering', () => {
  it('adds, chooses options, keeps the basket over a reload, changes quantities and empties it', async () => {
    const { page, context, problems } = await openMenu();

    // Straight from the list, with the keyboard.
    await page.getByRole('button', { name: 'Add Onion bhajis to basket' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Onion bhajis added to your basket.' })
      .waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('1');

    // A dish with choices: Add refuses until the required group is answered.
    await page.getByRole('link', { name: 'Choose options for Curry lunch box' }).click();
    await page.getByRole('heading', { level: 1, name: 'Curry lunch box' }).waitFor();
    expect(page.url()).toMatch(/\/store\/[0-9a-f-]{36}\/product-details\/[0-9a-f-]{36}$/);
    await page.getByText('780 kcal per portion').waitFor();
    await page.getByRole('button', { name: 'Add to basket · £7.50' }).click();
    const curry = page.getByRole('group', { name: 'Choose your curry' });
    await curry.getByText('Choose your curry: choose 1').waitFor();
    expect(
      await curry
        .getByRole('radio', { name: 'Tikka masala' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'product-details-problem-desktop');
    expect(await accessibilityViolations(page), 'dish page with a problem').toEqual([]);
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await curry.getByRole('radio', { name: /Lamb rogan josh/ }).check();
    const extras = page.getByRole('group', { name: 'Extras' });
    await extras.getByRole('checkbox', { name: /Raita/ }).check();
    await extras.getByRole('checkbox', { name: /Mango chutney/ }).check();
    expect(await extras.getByRole('checkbox', { name: /Lime pickle/ }).isDisabled()).toBe(true);
    const allergens = page.getByRole('region', { name: 'Allergens' });
    expect(await allergens.textContent()).toContain('Contains: Milk');
    expect(await allergens.textContent()).toContain('May contain: Mustard');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('textbox', { name: 'Note for the kitchen (optional)' }).fill('Extra hot');
    await page.getByRole('button', { name: 'Add to basket · £21.00' }).click();
    await page.waitForURL(`${url()}/menu`);
    await expect.poll(() => badge(page).textContent()).toBe('3');

    // The basket survives a reload (the persisted cartList).
    await page.reload();
    await expect.poll(() => badge(page).textContent()).toBe('3');

    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await page.waitForURL(`${url()}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Your basket' }).waitFor();
    await page.getByText(`From ${TEST_STORES.shoreditch}`).waitFor();
    const lines = page.getByTestId('cart-line');
    expect(await lines.count()).toBe(2);
    const curryLine = lines.filter({ hasText: 'Curry lunch box' });
    expect(await curryLine.textContent()).toContain('Lamb rogan josh, Raita, Mango chutney');
    expect(await curryLine.textContent()).toContain('Note: Extra hot');
    expect(await curryLine.getByTestId('line-price').textContent()).toBe('£21.00');
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe('£25.50');
    const minimum = page.getByTestId('minimum-order');
    expect(await minimum.textContent()).toContain('Collection: minimum £10.00, reached');
    expect(await minimum.textContent()).toContain('Delivery to E1: minimum £15.00, reached');
    expect(await page.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );
    await screenshot(page, 'cart-desktop');
    expect(await accessibilityViolations(page), '/cart').toEqual([]);
    expect(await overflowsSideways(page), '/cart').toBe(false);

    await page.getByRole('button', { name: 'Increase quantity of Onion bhajis' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£30.00');
    await page.getByRole('button', { name: 'Decrease quantity of Curry lunch box' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£19.50');
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await page.getByRole('button', { name: 'Remove Onion bhajis' }).click();
    await expect.poll(() => page.getByTestId('cart-subtotal').textContent()).toBe('£10.50');
    expect(await minimum.textContent()).toContain('Delivery to E1: minimum £15.00: add £4.50 more');

    await page.getByRole('button', { name: 'Empty basket' }).click();
    await page.getByText('Your basket is empty.').waitFor();
    expect(await page.getByRole('button', { name: 'Cart, empty' }).count()).toBe(1);
    // SPEC §4: clearing the cart sets cart data to an empty object.
    await expect.poll(() => cartData(page)).toEqual({});
    expect(problems).toEqual([]);
    await context.close();
  });

  it('choosing another store loads it, and a dish from it asks before emptying the basket', async () => {
    const { page, context } = await openMenu();
    await page.getByRole('button', { name: 'Add Onion bhajis to basket' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await page.getByRole('link', { name: 'Change store' }).click();
    await page.waitForURL(`${url()}/stores`);
    const soho = page.getByRole('article', { name: TEST_STORES.soho });
    await soho.getByText('Temporarily closed').waitFor();
    await soho.getByText('No online menu at this store yet.').waitFor();
    await page.getByRole('button', { name: `Order here for ${TEST_STORES.camden}` }).click();
    // SPEC §8: loading a store by id shows the server's message.
    await page
      .getByRole('status')
      .filter({ hasText: `You are ordering from ${TEST_STORES.camden}.` })
      .waitFor();
    await page.waitForURL(`${url()}/menu`);
    await page.getByText(`Ordering from ${TEST_STORES.camden}`, { exact: true }).waitFor();
    await dishCard(page, 'Dal makhani').waitFor();

    await page.getByRole('button', { name: 'Add Garlic naan to basket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a new basket?' });
    await dialog.getByText(`Your basket has dishes from ${TEST_STORES.shoreditch}.`).waitFor();
    await screenshot(page, 'mixing-dialog-desktop');
    expect(await accessibilityViolations(page), 'mixing dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Keep my basket' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await cartData(page)).cartData.map((l: { name: string }) => l.name)).toEqual([
      'Onion bhajis',
    ]);

    await page.getByRole('button', { name: 'Add Garlic naan to basket' }).click();
    await dialog.getByRole('button', { name: 'Empty it and add' }).click();
    await expect
      .poll(async () => (await cartData(page)).cartData.map((l: { name: string }) => l.name))
      .toEqual(['Garlic naan']);
    await expect.poll(() => badge(page).textContent()).toBe('1');

    // The choice is kept: a reload still orders from Camden.
    await page.reload();
    await page.getByText(`Ordering from ${TEST_STORES.camden}`, { exact: true }).waitFor();
    await page.goto(`${url()}/cart`);
    await page.getByText(`From ${TEST_STORES.camden}`).waitFor();
    expect(await page.getByTestId('minimum-order').textContent()).toContain(
      'Collection: no minimum',
    );
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the ordering pages at %s', (name, viewport) => {
  it('pass axe and are photographed', async () => {
    const { page, context } = await openMenu('/menu', viewport);
    await screenshot(page, `menu-${name}`);
    expect(await accessibilityViolations(page), '/menu').toEqual([]);
    expect(await overflowsSideways(page), '/menu').toBe(false);

    await page.getByRole('link', { name: 'Choose options for Curry lunch box' }).click();
    await page.getByRole('heading', { level: 1, name: 'Curry lunch box' }).waitFor();
    await screenshot(page, `product-details-${name}`);
    expect(await accessibilityViolations(page), 'dish page').toEqual([]);
    expect(await overflowsSideways(page), 'dish page').toBe(false);
    await page.getByRole('radio', { name: 'Tikka masala' }).check();
    await page.getByRole('button', { name: /^Add to basket/ }).click();
    await page.waitForURL(`${url()}/menu`);

    await page.goto(`${url()}/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await screenshot(page, `cart-${name}`);
    expect(await accessibilityViolations(page), '/cart').toEqual([]);

    await page.goto(`${url()}/stores`);
    await page.getByRole('heading', { level: 2, name: TEST_STORES.camden }).waitFor();
    await screenshot(page, `stores-${name}`);
    expect(await accessibilityViolations(page), '/stores').toEqual([]);
    expect(await overflowsSideways(page), '/stores').toBe(false);
    await context.close();
  });
});
