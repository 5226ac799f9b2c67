// axe on the shell's pages, the cookie consent and the open menu, at both viewports.
import { describe, expect, it } from 'vitest';
import {
  SIGNED_IN,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();

describe.each(Object.entries(VIEWPORTS))('accessibility (%s)', (name, viewport) => {
  it('axe finds no violation on the pages of the shell', async () => {
    for (const path of [
      '/',
      '/naan-stop',
      '/privacy',
      '/terms',
      '/CookiePolicy',
      '/no-such-page',
    ]) {
      const { page, context, problems } = await openPage(product.browser, product.server.url, {
        viewport,
      });
      await page.goto(`${product.server.url}${path}`);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `shell-${path.replace(/\W+/g, '-') || 'home'}-${name}`);
      expect(await accessibilityViolations(page), path).toEqual([]);
      // No uncaught error on any page.
      expect(problems, path).toEqual([]);
      await context.close();
    }
    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport,
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const consent = page.getByRole('dialog', { name: 'We use cookies' });
    await consent.waitFor();
    expect(await accessibilityViolations(page), 'cookie consent').toEqual([]);
    await consent.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByTestId('cookie-settings').waitFor();
    expect(await accessibilityViolations(page), 'cookie settings').toEqual([]);
    await context.close();

    const signedIn = await openPage(product.browser, product.server.url, {
      viewport,
      storage: SIGNED_IN,
    });
    await signedIn.page.goto(`${product.server.url}/terms`);
    await signedIn.page.getByRole('button', { name: 'Open menu' }).click();
    await signedIn.page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await accessibilityViolations(signedIn.page), 'open menu').toEqual([]);
    await signedIn.context.close();
  });
});
