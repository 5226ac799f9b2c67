import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage } from './support/browser.ts';
import { startViteDevServer } from './support/dev-server.ts';
import { alwaysOpenDemo } from './support/phone.ts';
import { useProduct } from './support/product.ts';

// Issue 30 point 12: a development build (React's development bundle and StrictMode's double
// effects) must walk the main journeys as the production build does. An effect that returned
// anything but a clean-up function turned "Order now", "Menu" and "Book a table" into a white
// page there, and a production build hid it.
// A server of its own: Vite's proxy keeps the browser's Host (localhost), which is this shop's.
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [alwaysOpenDemo()],
  ownServer: true,
}));
let vite: Awaited<ReturnType<typeof startViteDevServer>>;
beforeAll(async () => {
  vite = await startViteDevServer(product.server.port);
}, 90_000);
afterAll(async () => {
  await vite?.stop();
});

async function openDevelopmentPage() {
  const opened = await openPage(product.browser, vite.url, { viewport: VIEWPORTS.mobile });
  const warnings: string[] = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'error') warnings.push(message.text().slice(0, 300));
  });
  return { ...opened, warnings };
}

describe('a development build (issue 30)', () => {
  it('orders from the home page: Order now, a dish, the basket, checkout asks to sign in', async () => {
    const { page, context, problems, warnings } = await openDevelopmentPage();
    await page.goto(vite.url);
    await page.getByRole('link', { name: 'Order now' }).click();
    await page.getByRole('heading', { level: 2, name: 'Starters & small plates' }).waitFor();
    await page.getByRole('button', { name: 'Add Onion bhajis (3) to basket' }).click();
    await page.getByRole('link', { name: /^View basket/ }).click();
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL(`${vite.url}/login`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Go to checkout' }).waitFor();
    expect(problems).toEqual([]);
    expect(warnings.filter((text) => /clean-up|not a function/.test(text))).toEqual([]);
    await context.close();
  }, 120_000);

  it('books from the home page and the menu link: Book a table, then Menu', async () => {
    const { page, context, problems, warnings } = await openDevelopmentPage();
    await page.goto(vite.url);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Book a table' }).click();
    await page.waitForURL(`${vite.url}/reservation`);
    await page.getByRole('textbox', { name: /^Date/ }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Menu', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Starters & small plates' }).waitFor();
    expect(problems).toEqual([]);
    expect(warnings.filter((text) => /clean-up|not a function/.test(text))).toEqual([]);
    await context.close();
  }, 120_000);

  it('answers the browser’s /favicon.ico with the shop’s own icon, and logs no error', async () => {
    const { page, context, problems, warnings } = await openDevelopmentPage();
    await page.goto(vite.url);
    await page.getByRole('link', { name: 'Order now' }).waitFor();
    // The icon the browser asks for before the app names one (the server's page names it).
    const icon = await page.evaluate(async () => {
      const answer = await fetch('/favicon.ico');
      return { status: answer.status, url: answer.url, type: answer.headers.get('content-type') };
    });
    expect(icon).toEqual({
      status: 200,
      url: `${vite.url}/tenancy/assets/favicon.svg`,
      type: 'image/svg+xml',
    });
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    await context.close();
  }, 120_000);
});
