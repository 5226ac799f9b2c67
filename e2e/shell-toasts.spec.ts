// The shell's toasts, and what a network failure shows.
import { describe, expect, it } from 'vitest';
import { SIGNED_IN, VIEWPORTS, openPage } from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();

describe('toasts', () => {
  it('appear top right, newest on top, and close after 3000 ms', async () => {
    const { page, context } = await openPage(product.browser, product.server.url, {
      storage: SIGNED_IN,
    });
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    // The page's clock is the test's: the toasts' 3000 ms are counted on it, however long a busy
    // machine takes to open the menu between the two.
    await page.clock.install();
    await page.goto(`${product.server.url}/privacy`);
    // The page renders in slices after load: the toast area is there once the shell is.
    await page.getByTestId('toast-area').waitFor({ state: 'attached' });
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Cart, empty' }).click();
    const first = page.getByRole('alert').filter({ hasText: 'Please add items to cart first.!' });
    await first.waitFor();
    // The menu opens on the page's timers (the next page's chunk, the menu's): the page's clock
    // is run on 20 ms at a time until it shows, and what it took is counted.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const invite = page.getByRole('button', { name: 'Invite Friends' });
    let ran = 0;
    while (!(await invite.isVisible()) && ran < 2000) {
      await page.clock.runFor(20);
      ran += 20;
    }
    await invite.click();
    const second = page
      .getByRole('alert')
      .filter({ hasText: 'Sharing is not supported on this device.' });
    await second.waitFor();

    const texts = await page.getByTestId('toast-area').getByRole('alert').allTextContents();
    expect(texts.map((t) => t.replace('×', ''))).toEqual([
      'Sharing is not supported on this device.',
      'Please add items to cart first.!',
    ]);
    const box = (await page.getByTestId('toast-area').boundingBox())!;
    // Top right, just below the header so that it never covers the cart or menu buttons.
    expect(box.y).toBeLessThan(80);
    const header = (await page.locator('header').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(VIEWPORTS.desktop.width - (box.x + box.width)).toBeLessThan(20);

    // On the page's clock the first came `ran` ms before the second: it is there a millisecond
    // before its 3000 ms and gone at 3000 ms, the second `ran` ms later.
    expect(ran).toBeLessThan(2000);
    await page.clock.runFor(2999 - ran);
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(2);
    await page.clock.runFor(1);
    await first.waitFor({ state: 'detached', timeout: 5000 });
    expect(await second.count()).toBe(1);
    await page.clock.runFor(ran);
    await second.waitFor({ state: 'detached', timeout: 5000 });
    await context.close();
  });
});

describe('a network failure', () => {
  it('shows the toast product.md names, and the home page offers a retry', async () => {
    const { page, context } = await openPage(product.browser, product.server.url);
    // The request dies on the wire, as when the connection drops.
    await page.route('**/api/home', (route) => route.abort('internetdisconnected'));
    await page.goto(`${product.server.url}/`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Oops! Something went wrong.' })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Try again' }).first().waitFor();
    await page.unroute('**/api/home');
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await page.getByText('11:30 AM - 2:30 PM, 5:00 PM - 11:00 PM').first().waitFor();
    await context.close();
  });
});
