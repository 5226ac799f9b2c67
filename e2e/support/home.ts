import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { openPage } from './browser.ts';

/**
 * Opens the landing page and scrolls down, as a reader does, until the newsletter and contact
 * forms are there. They load only when their section nears the screen (`WhenVisible`), so
 * waiting for their heading without scrolling passes only when the page happens to be short at
 * first paint (before the opening hours arrive), and times out when it is not.
 */
export async function openHomeForms(browser: Browser, url: string) {
  const opened = await openPage(browser, url);
  await opened.page.goto(`${url}/`);
  const heading = opened.page.getByRole('heading', { name: 'Contact us' });
  // vitest's poll gives up after 1 s by default: the section's chunk can take longer to come.
  await expect
    .poll(
      async () => {
        await opened.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return heading.count();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(1);
  await heading.scrollIntoViewIfNeeded();
  return opened;
}
