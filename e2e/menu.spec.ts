// The menu: the chosen store's dishes by category, the filters, and `/` as the menu.
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, screenshot } from './support/browser.ts';
import { TEST_STORES, testCatalogueShop } from './support/catalogue.ts';
import { dishCard, openMenu } from './support/menu.ts';
import { useProduct } from './support/product.ts';

// The demo shop with the test catalogue, ordering from `/` (isHomePage 0).
const product = useProduct(() => testCatalogueShop({ SEED_DEMO: 'false' }));
const url = () => product.server.url;

describe('the menu', () => {
  it('shows the chosen store’s dishes by category, with prices, kcal, diets and sold-out dishes', async () => {
    const { page, context, problems } = await openMenu(product.browser, url());
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
    expect(await bhajiImage.getAttribute('width')).toBe('80');

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
    await page.getByText('Allergens for Prawn puri').click();
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
    const { page, context } = await openMenu(product.browser, url());
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
    const { page, context } = await openMenu(product.browser, url(), '/');
    await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
    await dishCard(page, 'Garlic naan').waitFor();
    await context.close();
  });
});
