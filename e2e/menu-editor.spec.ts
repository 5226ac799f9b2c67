// Issue 28: an owner adds a dish with a photo and an option group on a tablet, and a customer
// orders it on a phone.
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { badge } from './support/cart.ts';
import { TEST_STORES, testCatalogueShop } from './support/catalogue.ts';
import { goToCheckout } from './support/checkout-page.ts';
import { dishId, openSignedIn, storeNamed } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

/** The file the browser chose for an image, once it has loaded ('' before). */
const loadedFrom = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete && el.naturalWidth ? el.currentSrc : ''));

/** A save and the list read again, on a loaded machine: more than expect.poll's default second. */
const SLOW = { timeout: 15_000 };

const product = useProduct(() => testCatalogueShop({ LOG_LEVEL: 'info' }));
const url = () => product.server.url;
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 812 };

describe('the menu editor', () => {
  // Two people's whole journeys in one test: more than the default minute on a loaded machine.
  it(
    'an owner adds a dish with a photo and choices at 1024 px; a customer orders it at 375 px',
    {
      timeout: 120_000,
    },
    async () => {
      const owner = await openPage(product.browser, url(), { viewport: TABLET });
      const page = owner.page;
      await signInToAdmin(page, product.server, DEMO_OWNER);
      await page.goto(`${url()}/admin/menu`);
      await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Categories' }).waitFor();
      expect(await accessibilityViolations(page), 'the menu editor').toEqual([]);
      await screenshot(page, 'admin-menu-tablet');

      await page.getByRole('button', { name: /^Add a dish to / }).click();
      const form = page.getByRole('form', { name: 'New dish' });
      await form.getByLabel('Name').fill('Tablet thali');
      await form.getByLabel('Description').fill('Three curries, rice, bread and a sweet.');
      // Typed in pounds and pence, as on the menu (saved as 1250 pence: £13.00 with the roti).
      await form.getByLabel('Price (£)').fill('12.50');
      await form.getByRole('checkbox', { name: 'Contains Milk' }).check();
      await form.getByRole('button', { name: 'Add an option group' }).click();
      await form.getByLabel('Group name').fill('Bread');
      await form.getByLabel('At least').fill('1');
      await form.getByLabel('Choice').fill('Naan');
      await form.getByRole('button', { name: 'Add a choice' }).click();
      await form.getByLabel('Choice').nth(1).fill('Roti');
      await form.getByLabel('Extra (£)').nth(1).fill('0.50');
      await form.getByRole('button', { name: 'Add dish' }).click();

      const edit = page.getByRole('form', { name: 'Edit Tablet thali' });
      await edit.waitFor();
      // The dish as the server saved it, shown again in pounds.
      expect(await edit.getByLabel('Price (£)').inputValue()).toBe('12.50');
      expect(await edit.getByLabel('Extra (£)').nth(1).inputValue()).toBe('0.50');
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: { r: 190, g: 110, b: 30 } },
      })
        .jpeg()
        .toBuffer();
      await edit.locator('input[type="file"]').setInputFiles({
        name: 'thali.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      await edit.getByText('The photo is saved.').waitFor();
      const shown = edit.getByRole('img', { name: 'Tablet thali, as customers will see it' });
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(640);
      expect(await accessibilityViolations(page), 'the dish form').toEqual([]);
      await screenshot(page, 'admin-menu-dish-tablet');
      await owner.context.close();

      const userData = await signInByApi(product.server);
      const customer = await openSignedIn(product.browser, url(), userData, { viewport: PHONE });
      const phone = customer.page;
      await phone.goto(`${url()}/menu`);
      // The card's photo: AVIF from the stored widths, the smallest that is sharp at 80 px.
      const card = phone.getByRole('article').filter({ hasText: 'Tablet thali' }).locator('img');
      await expect
        .poll(() => loadedFrom(card))
        .toMatch(/\/tenancy\/photos\/photo-[0-9a-f]{16}-320\.avif$/);
      await phone.getByRole('link', { name: 'Choose options for Tablet thali' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Tablet thali' }).waitFor();
      const hero = phone.locator('main picture img');
      await expect.poll(() => loadedFrom(hero)).toMatch(/-640\.avif$/);
      await phone
        .getByRole('group', { name: 'Bread' })
        .getByRole('radio', { name: /Roti/ })
        .check();
      await phone.getByRole('button', { name: 'Add to basket · £13.00' }).click();
      await expect.poll(() => badge(phone).textContent()).toBe('1');
      await screenshot(phone, 'menu-editor-dish-phone');
      await goToCheckout(phone, url());
      expect(await phone.getByTestId('checkout-totals').textContent()).toContain('£13.00');
      await phone.getByRole('radio', { name: /^Collection/ }).check();
      await phone.getByRole('radio', { name: /^Cash on collection/ }).check();
      await phone.getByRole('button', { name: 'Place order · £13.00' }).click();
      await phone.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
      await phone
        .getByTestId('order-thanks')
        .getByText('Thank you! Your order is placed.')
        .waitFor();
      expect(await phone.getByText('Tablet thali').first().isVisible()).toBe(true);
      await screenshot(phone, 'menu-editor-ordered-phone');
      await customer.context.close();
    },
  );

  it(
    'at 1024 px: a category renamed and branded, dishes dragged, a store’s own price, a dish hidden at one store',
    { timeout: 120_000 },
    async () => {
      const owner = await openPage(product.browser, url(), { viewport: TABLET });
      const page = owner.page;
      await signInToAdmin(page, product.server, DEMO_OWNER);
      await page.goto(`${url()}/admin/menu`);
      const categories = page.getByRole('list', { name: 'Categories' });
      await categories.getByRole('button', { name: /^Breads/ }).click();
      const category = page.getByRole('form', { name: 'Category Breads' });
      await category
        .getByRole('textbox', { name: 'Category name' })
        .fill('Breads from the tandoor');
      const brands = category.getByRole('combobox', { name: 'Kitchen (brand)' });
      const brand = (await brands.locator('option').nth(1).textContent())!;
      await brands.selectOption({ index: 1 });
      await category.getByRole('button', { name: 'Save category' }).click();
      await category.getByText('Breads from the tandoor is saved.').waitFor();
      await categories.getByText(`${brand} kitchen`).waitFor();

      // The naan is sold at Shoreditch and Camden: Camden charges more.
      await page
        .getByRole('list', { name: /^Dishes in / })
        .getByRole('button', { name: /^Garlic naan/ })
        .click();
      const naan = page.getByRole('form', { name: 'Edit Garlic naan' });
      await naan
        .getByLabel(`${TEST_STORES.camden} price (£, blank for the dish price)`)
        .fill('£4.25');
      await naan.getByRole('button', { name: 'Save dish' }).click();
      await naan.getByRole('status').getByText('Garlic naan is saved.').waitFor();
      await screenshot(page, 'admin-menu-store-price-tablet');
      await page.getByRole('button', { name: /^Back to / }).click();
      await page.getByText(`£3.50 · ${TEST_STORES.camden} £4.25`).waitFor();
      expect(await accessibilityViolations(page), 'the category and its dishes').toEqual([]);
      await screenshot(page, 'admin-menu-category-tablet');

      // On a phone, each store's dish page shows its own price.
      const camden = await storeNamed(url(), TEST_STORES.camden);
      const shoreditch = await storeNamed(url(), TEST_STORES.shoreditch);
      const naanId = await dishId(url(), shoreditch.id, 'Garlic naan');
      const phone = await openPage(product.browser, url(), { viewport: PHONE });
      const priceAt = async (storeId: string) => {
        await phone.page.goto(`${url()}/store/${storeId}/product-details/${naanId}`);
        await phone.page.getByRole('heading', { level: 1, name: 'Garlic naan' }).waitFor();
        return phone.page.locator('main p span.text-xl').textContent();
      };
      expect(await priceAt(camden.id)).toBe('£4.25');
      await screenshot(phone.page, 'menu-dish-store-price-phone');
      expect(await priceAt(shoreditch.id)).toBe('£3.50');
      await phone.context.close();

      // Dragging a dish onto the first place, by its handle (move up/down does it from a keyboard).
      await categories.getByRole('button', { name: /^Starters/ }).click();
      const dishes = page.getByRole('list', { name: 'Dishes in Starters' });
      const names = () =>
        dishes.locator(':scope > li button.flex-1 > span:first-child').allTextContents();
      const before = await names();
      const last = before.at(-1)!;
      // The mouse reaches only what is on the screen.
      await dishes.scrollIntoViewIfNeeded();
      const from = (await dishes.getByRole('button', { name: `Drag ${last}` }).boundingBox())!;
      const to = (await dishes.locator(':scope > li').first().boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x + 30, to.y + to.height / 2, { steps: 12 });
      await page.mouse.up();
      await expect.poll(names, SLOW).toEqual([last, ...before.slice(0, -1)]);
      await dishes.getByRole('button', { name: `Move ${last} down` }).click();
      await expect.poll(names, SLOW).toEqual([before[0], last, ...before.slice(1, -1)]);

      // The Service screen hides the naan at Camden only, and says so.
      await page.goto(`${url()}/admin/service`);
      await page
        .getByRole('combobox', { name: 'Store' })
        .selectOption({ label: TEST_STORES.camden });
      await page
        .getByRole('region', { name: `Sold out at ${TEST_STORES.camden}` })
        .getByText(`These change ${TEST_STORES.camden} only.`)
        .waitFor();
      await page.getByRole('searchbox', { name: 'Find a dish or option to switch' }).fill('naan');
      await page.getByRole('button', { name: `Hide Garlic naan at ${TEST_STORES.camden}` }).click();
      await page
        .getByRole('button', { name: `Show Garlic naan at ${TEST_STORES.camden}` })
        .waitFor();
      expect(await accessibilityViolations(page), 'the Service screen').toEqual([]);
      await screenshot(page, 'admin-service-hide-tablet');
      await owner.context.close();

      await expect
        .poll(async () => (await fetch(`${url()}/api/menu/${camden.id}`)).text(), SLOW)
        .not.toContain('Garlic naan');
      expect(await (await fetch(`${url()}/api/menu/${shoreditch.id}`)).text()).toContain(
        'Garlic naan',
      );
    },
  );

  it(
    'the dish form fits a 375 px phone, says an amount that is not money, and a choice group’s name has a line of its own (walk2 items 1, 2)',
    { timeout: 120_000 },
    async () => {
      for (const viewport of [PHONE, TABLET]) {
        const owner = await openPage(product.browser, url(), { viewport });
        const page = owner.page;
        await signInToAdmin(page, product.server, DEMO_OWNER);
        await page.goto(`${url()}/admin/menu`);
        await page
          .getByRole('list', { name: 'Categories' })
          .getByRole('button', { name: /^Breads/ })
          .click();
        await page
          .getByRole('list', { name: /^Dishes in / })
          .getByRole('button', { name: /^Garlic naan/ })
          .click();
        const form = page.getByRole('form', { name: 'Edit Garlic naan' });
        await form.getByRole('button', { name: 'Add an option group' }).click();
        await form.getByLabel('Group name').fill('Spice level');
        // An amount that is not money is said on its field, in pounds, and nothing is saved.
        const own = form.getByLabel(`${TEST_STORES.camden} price (£, blank for the dish price)`);
        await own.fill('4.255');
        await form.getByRole('button', { name: 'Save dish' }).click();
        await form
          .getByRole('alert')
          .getByText('Check the form: Enter an amount such as 8.95.')
          .waitFor();
        expect(await own.locator('xpath=../following-sibling::p').textContent()).toBe(
          'Enter an amount such as 8.95',
        );
        const wide = viewport.width < 600 ? 'phone' : 'tablet';
        await screenshot(page, `admin-menu-dish-options-${wide}`);
        expect(await overflowsSideways(page), `the dish form at ${viewport.width} px`).toBe(false);
        const name = (await form.getByLabel('Group name').boundingBox())!;
        const group = (await form.getByLabel('Group name').locator('xpath=../..').boundingBox())!;
        // The name spans its group's box (less the padding), not a narrow column beside numbers.
        expect(name.width).toBeGreaterThan(group.width - 40);
        expect(
          await accessibilityViolations(page),
          `the dish form at ${viewport.width} px`,
        ).toEqual([]);
        await owner.context.close();
      }
    },
  );
});
