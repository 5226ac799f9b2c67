// Issue 30 point 7: on a phone, a tapped category chip is the one marked, and its heading lands
// just under the sticky header and chip bar, for every category of the demo shop's menu.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage, screenshot } from './support/browser.ts';
import { alwaysOpenDemo } from './support/phone.ts';
import { useProduct } from './support/product.ts';

const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [alwaysOpenDemo()],
}));

describe('category chips on a phone (issue 30)', () => {
  it('marks the tapped category and lands its heading under the sticky bars', async () => {
    const url = product.server.url;
    const { page, context } = await openPage(product.browser, url, {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url}/menu`);
    const bar = page.getByRole('navigation', { name: 'Menu categories' });
    await bar.getByRole('link').first().waitFor();
    const names = await bar.getByRole('link').allTextContents();
    const landed: { name: string; gap: number; marked: string | null }[] = [];
    for (const name of names.slice(1)) {
      await bar.getByRole('link', { name, exact: true }).click();
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
      // Two frames for the scroll and the marking to settle.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const barBottom = await bar.evaluate((nav) => nav.getBoundingClientRect().bottom);
      const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
      const marked = await bar.locator('[aria-current="true"]').textContent();
      landed.push({ name, gap: Math.round(top - barBottom), marked });
    }
    await screenshot(page, 'phone-menu-chips-375');
    // Every heading just under the bars (not under them, not mid-screen), every chip marked;
    // the last categories may stop higher only when the page ends.
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(scrollable).toBeGreaterThan(812);
    expect(landed.filter((l) => l.marked !== l.name)).toEqual([]);
    expect(landed.filter((l) => l.gap < 0)).toEqual([]);
    await context.close();
  }, 120_000);
});
