import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();
describe.each(Object.entries(VIEWPORTS))(
  'the home page of the demo shop (%s)',
  (name, viewport) => {
    it('shows the shop’s name as page title, its logo and its colours', async () => {
      const context = await product.browser.newContext({ viewport });
      const page = await context.newPage();
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));

      await page.goto(`${product.server.url}/`);
      await expect.poll(() => page.title()).toBe('Tandoor Lane');

      const logo = page.locator('header img[alt="Tandoor Lane"]');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe('/tenancy/assets/header-logo.svg');
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(favicon).toBe('/tenancy/assets/favicon.svg');

      const footer = page.locator('footer');
      expect(await footer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(179, 38, 30)',
      );
      expect(await footer.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--shop-secondary'),
        ),
      ).toBe('#f2a900');

      // Opening hours arrive from /api/home.
      await page.getByText('11:30 AM - 2:30 PM, 5:00 PM - 11:00 PM').first().waitFor();
      // The configuration is cached for the next visit under the spec's key.
      const cached = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('configData') ?? 'null'),
      );
      expect(cached.websiteName).toBe('Tandoor Lane');

      await screenshot(page, `home-${name}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(failures).toEqual([]);
      await context.close();
    });
  },
);
