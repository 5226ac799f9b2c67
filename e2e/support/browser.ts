import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { UserData } from '@servery/contract/auth';
import { launchChromium } from '../../tools/chromium.mjs';

/**
 * Debian's chromium, headless, with no network of its own (architecture.md "Stack and machine traps"). Playwright gives every
 * launch a fresh, empty profile.
 */
export function launchBrowser() {
  return launchChromium();
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;
/** A kitchen's tablet in landscape: the staff screens are looked at here too. */
export const TABLET = { width: 1024, height: 768 } as const;

/**
 * Saves a full-page screenshot under .tmp/screenshots for people to look at. Not in CI, where
 * nobody looks and a full-page PNG costs the browser a render and an encode (SCREENSHOTS=1 keeps
 * them there too).
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  const dir = join(process.cwd(), '.tmp/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe with the WCAG 2.2 A and AA rules (or only the rules named); answers the violations, each
 * with its nodes. axe goes into a page once and is run there as often as asked (a builder that
 * injected it at every check spent more on that than on the checks: about 1.1 s a check). Only
 * violations are gathered (passes are not described), and frames are not entered: the pages'
 * only frames are Stripe's, which are Stripe's to check.
 */
export async function accessibilityViolations(page: Page, rules?: string[], exclude?: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ rules, exclude, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const result = await axe.run(exclude ? { exclude: [exclude] } : document, {
        resultTypes: ['violations'],
        iframes: false,
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
      });
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
    },
    { rules: rules ?? null, exclude: exclude ?? null, tags: WCAG_TAGS },
  );
  return violations;
}

/**
 * Marks with `data-cut-by-bar` each target of the page's main part that the edge of a pinned bar
 * (fixed or sticky: the header, the category chips, the basket bar) cuts as the page is
 * scrolled now: one the customer scrolls into the clear. Targets wholly clear of the bars, and
 * the bars' own, are not marked.
 */
export async function markTargetsCutByPinnedBars(page: Page) {
  await page.evaluate(() => {
    const pinned = [...document.querySelectorAll('body *')].filter((el) =>
      ['fixed', 'sticky'].includes(getComputedStyle(el).position),
    );
    const bars = pinned.map((el) => ({ el, box: el.getBoundingClientRect() }));
    for (const target of document.querySelectorAll(
      'main :is(a, button, summary, input, select, [tabindex])',
    )) {
      const box = target.getBoundingClientRect();
      const cut = bars.some(
        (bar) =>
          !bar.el.contains(target) &&
          box.top < bar.box.bottom &&
          box.bottom > bar.box.top &&
          (box.top < bar.box.top || box.bottom > bar.box.bottom),
      );
      target.toggleAttribute('data-cut-by-bar', cut);
    }
  });
}

/**
 * axe on the page where it is scrolled to (a journey's states): every rule, except that target
 * size leaves out the targets a pinned bar's edge cuts there (markTargetsCutByPinnedBars), which
 * a tap brought the page to and not the page's making: the sticky header half over the menu's
 * search box after the dishes were added, say.
 */
export async function violationsAsScrolled(page: Page) {
  await markTargetsCutByPinnedBars(page);
  const all = await accessibilityViolations(page);
  const size = await accessibilityViolations(page, ['target-size'], '[data-cut-by-bar]');
  return [...all.filter((v) => v.id !== 'target-size'), ...size];
}

/**
 * A fresh browser context (axe wants one per page). By default the visitor has already
 * answered the cookie question, so the consent modal does not cover the page under test.
 */
export async function openPage(
  browser: Browser,
  url: string,
  {
    viewport = VIEWPORTS.desktop as { width: number; height: number },
    consent = true,
    storage = {} as Record<string, string>,
    firstVisit = false,
  } = {},
) {
  const context = await browser.newContext({ viewport });
  if (consent) {
    await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url }]);
  }
  // Browser storage seeded before any script of the page runs.
  // Unless a test is about the first visit, the tab has already done product.md §4's one reload
  // after caching the configuration, so navigation in tests is not raced by it.
  await context.addInitScript(
    ({ entries, firstVisit }: { entries: Record<string, string>; firstVisit: boolean }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (!firstVisit) sessionStorage.setItem('servery:config-reloaded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    { entries: storage, firstVisit },
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/**
 * A signed-in customer as product.md §3 stores one (userData: the token and the customer verify-otp
 * answered). The server does not know this token: a customer call with it answers 401.
 */
export const SIGNED_IN = {
  userData: JSON.stringify({
    token: 'e2e-token',
    expires_at: '2099-01-01T00:00:00.000Z',
    customer: {
      id: '00000000-0000-4000-8000-000000000000',
      first_name: 'Priya',
      last_name: 'Shah',
      email: 'priya@example.com',
      phone: null,
      email_verified: true,
      phone_verified: false,
      marketing_consent: false,
      referral_code: 'PRIYA234',
    },
  } satisfies UserData),
};

/** Whether the page scrolls sideways (it never should: wide content scrolls in its own box). */
export async function overflowsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
