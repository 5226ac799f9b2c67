// Issue 28: an owner adds a dish with a photo and an option group on a tablet, and a customer
// orders it on a phone.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { badge } from './support/cart.ts';
import { testCatalogueShop } from './support/catalogue.ts';
import { goToCheckout } from './support/checkout-page.ts';
import { openSignedIn } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

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
      await form.getByLabel('Price in pence (895 is £8.95)').fill('1250');
      await form.getByRole('checkbox', { name: 'Contains Milk' }).check();
      await form.getByRole('button', { name: 'Add an option group' }).click();
      await form.getByLabel('Group name').fill('Bread');
      await form.getByLabel('At least').fill('1');
      await form.getByLabel('Choice').fill('Naan');
      await form.getByRole('button', { name: 'Add a choice' }).click();
      await form.getByLabel('Choice').nth(1).fill('Roti');
      await form.getByLabel('Extra (pence)').nth(1).fill('50');
      await form.getByRole('button', { name: 'Add dish' }).click();

      const edit = page.getByRole('form', { name: 'Edit Tablet thali' });
      await edit.waitFor();
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
      await phone.getByRole('link', { name: 'Choose options for Tablet thali' }).click();
      await phone.getByRole('heading', { level: 1, name: 'Tablet thali' }).waitFor();
      await phone
        .getByRole('group', { name: 'Bread' })
        .getByRole('radio', { name: /Roti/ })
        .check();
      await phone.getByRole('button', { name: 'Add to basket · £13.00' }).click();
      await expect.poll(() => badge(phone).textContent()).toBe('1');
      await screenshot(phone, 'menu-editor-dish-phone');
      await goToCheckout(phone, url());
      expect(await phone.getByTestId('checkout-totals').textContent()).toContain('£13.00');
      await customer.context.close();
    },
  );
});
