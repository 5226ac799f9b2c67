// The footer, the brand, legal and missing pages, and what the shell keeps in the browser
// (the configuration, the app-view flag).
import { describe, expect, it } from 'vitest';
import { SIGNED_IN, openPage } from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();

describe('the footer', () => {
  it('is hidden on /checkout, /payment and /cart, whole elsewhere, and without its top part on home', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    // /checkout and /payment need a signed-in customer with a basket (a visitor goes to /login):
    // checkout-card.spec.ts checks their footer on the way through.
    for (const path of ['/cart']) {
      await page.goto(`${product.server.url}${path}`);
      await page.locator('header').waitFor();
      await page.waitForTimeout(200);
      expect(await page.getByTestId('footer').count(), path).toBe(0);
    }
    await page.goto(`${product.server.url}/terms`);
    const top = page.getByTestId('footer-top');
    await top.waitFor();
    expect(await top.getByRole('link', { name: '020 7946 0321' }).getAttribute('href')).toBe(
      'tel:02079460321',
    );
    expect(
      await top
        .getByRole('link', { name: '112 Brick Lane, Shoreditch, London E1 6RL' })
        .getAttribute('href'),
    ).toContain('google.com/maps');
    expect(await top.getByRole('link', { name: 'Instagram' }).count()).toBe(1);
    const footer = page.getByTestId('footer');
    expect(await footer.getByText(`© Tandoor Lane ${new Date().getFullYear()}`).count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/',
    );
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('reservation-footer').count()).toBe(0);

    await page.goto(`${product.server.url}/`);
    await footer.waitFor();
    expect(await page.getByTestId('footer-top').count()).toBe(0);
    await context.close();
  });
});

describe('the configuration in the browser', () => {
  it('comes with the page on a first visit: cached under configData at once, no reload', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      firstVisit: true,
    });
    let loads = 0;
    page.on('load', () => loads++);
    const html = await (await fetch(`${product.server.url}/terms`)).text();
    expect(html).toContain('<title>Tandoor Lane</title>');
    expect(html).toContain('<script type="application/json" id="servery-config">');
    await page.goto(`${product.server.url}/terms`);
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('configData')!));
    expect(cached.websiteName).toBe('Tandoor Lane');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('currencyObj') ?? 'null')))
      .toEqual({ value: 'GBP', label: 'GBP', sign: '£' });
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await context.close();
  });
});

describe('the app-view flag', () => {
  it('is true after opening / with ?source=app and false after opening / without it', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/?source=app`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isAppView'))).toBe('true');
    await page.goto(`${product.server.url}/`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isAppView'))).toBe('false');
    await context.close();
  });
});

describe('brand, legal and missing pages', () => {
  it('gives every brand of the tenant a landing page', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/naan-stop`);
    await page.getByRole('heading', { level: 1, name: 'Naan Stop' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Order from Naan Stop' }).getAttribute('href'),
    ).toBe('/menu');
    await page.goto(`${product.server.url}/no-such-brand`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('shows the shop’s own terms, and the default privacy notice filled from its configuration', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.goto(`${product.server.url}/terms`);
    await page.getByText('Tandoor Lane Ltd (company number 07946032)', { exact: false }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Cancellations and refunds' }).waitFor();
    await page.goto(`${product.server.url}/privacy`);
    await page
      .getByText('Tandoor Lane, 112 Brick Lane, Shoreditch, London E1 6RL, runs this site', {
        exact: false,
      })
      .waitFor();
    await context.close();
  });

  it('lists in the cookie policy every key the site really stores', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: SIGNED_IN,
    });
    await page.goto(`${product.server.url}/CookiePolicy`);
    await page.getByRole('heading', { name: 'Cookie Policy' }).waitFor();
    const listed = await page.locator('tbody td.font-mono').allTextContents();
    const stored = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
    ]);
    const ours = stored.filter((key) => key !== 'e2e-seeded');
    for (const key of ours) expect(listed, key).toContain(key);
    expect(listed).toContain('cookiesAccepted');
    await context.close();
  });

  it('offers a reload when a page chunk cannot load', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    await page.route('**/assets/legal-pages-*.js', (route) => route.abort());
    await page.goto(`${product.server.url}/privacy`);
    await page.getByRole('heading', { name: 'This page could not load' }).waitFor();
    await page.getByRole('button', { name: 'Reload the page' }).waitFor();
    await page.locator('header').waitFor();
    await context.close();
  });
});
