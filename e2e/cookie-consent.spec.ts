// The cookie consent: its modal, its settings, and what the site stores before consent.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot, VIEWPORTS } from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();

describe('cookie consent', () => {
  it('asks while the cookie is absent; Accept keeps it 365 days, Reject removes it', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const modal = page.getByRole('dialog', { name: 'We use cookies' });
    await modal.waitFor();
    expect(await modal.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe(
      '/CookiePolicy',
    );
    await screenshot(page, 'cookie-consent');
    await modal.getByRole('button', { name: 'Accept' }).click();
    await modal.waitFor({ state: 'hidden' });
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookiesAccepted');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);

    await page.reload();
    await page.locator('header').waitFor();
    await page.waitForTimeout(300);
    expect(await modal.count()).toBe(0);

    await context.clearCookies();
    await page.reload();
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Reject' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect((await context.cookies()).filter((c) => c.name === 'cookiesAccepted')).toEqual([]);
    await page.reload();
    await modal.waitFor();
    await context.close();
  });

  it('opens real settings: strictly necessary always on, the rest off until chosen', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/terms`);
    const modal = page.getByRole('dialog', { name: 'We use cookies' });
    await modal.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Accept');
    await modal.getByRole('button', { name: 'Cookie settings' }).click();
    const settings = page.getByTestId('cookie-settings');
    expect(
      await settings
        .getByRole('checkbox', { name: /Analytics/ })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await settings.getByRole('checkbox', { name: /Strictly necessary/ }).isChecked()).toBe(
      true,
    );
    expect(await settings.getByRole('checkbox', { name: /Strictly necessary/ }).isDisabled()).toBe(
      true,
    );
    expect(await settings.getByRole('checkbox', { name: /Analytics/ }).isChecked()).toBe(false);
    expect(await settings.getByRole('checkbox', { name: /Marketing/ }).isChecked()).toBe(false);
    await settings.getByRole('checkbox', { name: /Analytics/ }).check();
    await settings.getByRole('button', { name: 'Save choices' }).click();
    await modal.waitFor({ state: 'hidden' });
    const [cookie] = (await context.cookies()).filter((c) => c.name === 'cookiesAccepted');
    expect(decodeURIComponent(cookie!.value)).toBe('necessary,analytics');
    await context.close();
  });

  it('before consent, the site stores only what it strictly needs', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
    });
    await page.goto(`${product.server.url}/`);
    await page.getByRole('dialog', { name: 'We use cookies' }).waitFor();
    await page.waitForTimeout(500);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(
      keys.filter((k) => !['configData', 'currencyObj', 'isAppView', 'persist:root'].includes(k)),
    ).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('on a first visit to a phone, is on screen in the same frame as the page', async () => {
    // docs/decisions/0026: the question is the largest thing on a first visit's screen, so it
    // comes with the page rather than a round trip and a task after it.
    const { page, context } = await openPage(product.browser, product.server.url, {
      consent: false,
      viewport: VIEWPORTS.mobile,
    });
    await page.addInitScript(() => {
      const frames: { header: boolean; question: boolean }[] = [];
      Object.assign(window, { frames_: frames });
      const look = () => {
        frames.push({
          header: document.querySelector('header') !== null,
          question: document.querySelector('dialog[open]') !== null,
        });
        if (frames.length < 600) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const served = await page.goto(`${product.server.url}/menu`);
    await page.getByRole('dialog', { name: 'We use cookies' }).waitFor();
    const frames = await page.evaluate(
      () => (window as unknown as { frames_: { header: boolean; question: boolean }[] }).frames_,
    );
    const first = frames.find((frame) => frame.header);
    expect(first).toEqual({ header: true, question: true });
    // Its code is preloaded by the served page, as the build's manifest names it.
    expect(await served!.text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/cookie-consent-[\w-]+\.js">/,
    );
    await context.close();
  });
});
