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
    await page.goto(`${product.server.url}/privacy`);
    // The page renders in slices after load: the toast area is there once the shell is.
    await page.getByTestId('toast-area').waitFor({ state: 'attached' });
    // Time each toast in the browser itself: when its node was added and when removed.
    await page.evaluate(() => {
      const times: Record<string, { added?: number; removed?: number }> = {};
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach(
            (n) => ((times[n.textContent ?? ''] ??= {}).added = performance.now()),
          );
          record.removedNodes.forEach(
            (n) => ((times[n.textContent ?? ''] ??= {}).removed = performance.now()),
          );
        }
      }).observe(document.querySelector('[data-testid="toast-area"]')!, { childList: true });
    });
    await page.getByRole('button', { name: 'Cart, empty' }).click();
    const first = page.getByRole('alert').filter({ hasText: 'Please add items to cart first.!' });
    await first.waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Invite Friends' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sharing is not supported on this device.' })
      .waitFor();

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

    await first.waitFor({ state: 'detached', timeout: 4000 });
    const times = await page.evaluate(
      () =>
        (window as unknown as { toastTimes: Record<string, { added: number; removed: number }> })
          .toastTimes,
    );
    const shown = times['Please add items to cart first.!×']!;
    // The toast's own timer starts as it is created; its node reaches the page up to a frame or
    // two later on a loaded machine, so the time seen here can be a few milliseconds short.
    expect(shown.removed - shown.added).toBeGreaterThanOrEqual(2950);
    expect(shown.removed - shown.added).toBeLessThan(3300);
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
