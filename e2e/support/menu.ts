import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS, openPage } from './browser.ts';

/** A dish's card on the menu, found by its name. */
export const dishCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A page on `path` of the shop at `url`, once the menu's Starters are shown. */
export async function openMenu(
  browser: Browser,
  url: string,
  path = '/menu',
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const opened = await openPage(browser, url, { viewport });
  await opened.page.goto(`${url}${path}`);
  await opened.page.getByRole('heading', { level: 2, name: 'Starters' }).waitFor();
  return opened;
}
