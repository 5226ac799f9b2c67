// "Large menus stay smooth: a 500-item menu scrolls and filters without visible delay." A shop
// whose one store sells 500 dishes (the demo's dishes in variations), imported with the tenant
// CLI into a fresh embedded database and served by a production server of its own; /menu in
// Debian's chromium at 375 px with the CPU slowed 4x, timed in the page as a customer feels it.
/* global document, window */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launchChromium } from '../tools/chromium.mjs';
import { startServery } from './api.mjs';
import { instrumentPage } from './large-menu-page.mjs';
import { DISHES, expectations, largeMenuDocument } from './large-menu-shop.mjs';

const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 375, height: 812 };
/** Wheel steps of the scroll: three notches of 100 px, a brisk flick of the wheel. */
const WHEEL_STEP_PX = 300;
const WHEEL_PAUSE_MS = 50;
const LONG_FRAME_MS = 50;

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exited with ${code}: ${output.trim()}`)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => Math.round(value);

/** Times an action in the page: from its last input event to `expected` dishes shown. */
async function timed(page, what, expected, inputs, action) {
  await page.evaluate(([n, k]) => window.__largeMenu.arm(n, k, 30_000), [expected, inputs]);
  await action();
  return page
    .evaluate(() => window.__largeMenu.pending)
    .catch((error) => {
      throw new Error(`${what} did not change the list as it should: ${error.message}`);
    });
}

/** Lets the page finish what an action started (React's deferred renders) before the next. */
const settle = (page) => page.waitForTimeout(1000);

async function measurePage(url, expected) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url }]);
    await context.addInitScript(instrumentPage, { dishes: DISHES });
    // A first visit caches the shop's configuration and reloads once (product.md §4); the customer
    // measured is one coming back, as bench/web.mjs measures pages.
    const first = await context.newPage();
    await first.goto(`${url}/menu`, { waitUntil: 'networkidle' });
    await first.close();

    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${url}/menu`);
    await page
      .waitForFunction(() => window.__largeMenu.allDishesFrameAt !== null, null, {
        timeout: 60_000,
        polling: 500,
      })
      .catch(async () => {
        const shown = await page.evaluate(() => window.__largeMenu.shown());
        throw new Error(`/menu showed ${shown} dishes after 60 s, not ${DISHES}`);
      });
    const load = await page.evaluate(() => {
      const { firstDishAt, allDishesAt, allDishesFrameAt, shown } = window.__largeMenu;
      return { firstDishAt, allDishesAt, allDishesFrameAt, shown: shown() };
    });
    if (load.shown !== DISHES) throw new Error(`/menu shows ${load.shown} dishes, not ${DISHES}`);
    await settle(page);

    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    const searches = [];
    for (const { word, shown } of expected.search) {
      await search.click();
      // The word arrives in one input event (as a paste or the keyboard's suggestion does): the
      // one keystroke that takes the list from every dish to the word's. Typed a key at a time,
      // the last keys rarely change the list ("panee" finds what "paneer" finds).
      const typed = await timed(page, `Searching for "${word}"`, shown, 1, () =>
        page.keyboard.insertText(word),
      );
      await settle(page);
      const cleared = await timed(page, `Clearing the search "${word}"`, DISHES, 1, async () => {
        await search.press('Control+a');
        await search.press('Backspace');
      });
      await settle(page);
      searches.push({ word, shown, ...typed, cleared });
    }

    await page.getByRole('button', { name: /^Allergens and diets/ }).click();
    await settle(page);
    const avoids = [];
    for (const { label, shown } of expected.avoid) {
      const box = page.locator('#menu-filters').getByRole('checkbox', { name: label, exact: true });
      const ticked = await timed(page, `Ticking "${label}"`, shown, 1, () => box.click());
      await settle(page);
      const cleared = await timed(page, `Unticking "${label}"`, DISHES, 1, () => box.click());
      await settle(page);
      avoids.push({ label, shown, ...ticked, cleared });
    }

    // The whole list from the top, a wheel step at a time, with the filters panel closed.
    await page.getByRole('button', { name: /^Allergens and diets/ }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
    await page.evaluate(() => window.__largeMenu.startFrames());
    const scrollStarted = Date.now();
    let steps = 0;
    for (;;) {
      await page.mouse.wheel(0, WHEEL_STEP_PX);
      await page.waitForTimeout(WHEEL_PAUSE_MS);
      steps++;
      if (steps % 10 !== 0) continue;
      const atBottom = await page.evaluate(
        () =>
          window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2 &&
          window.scrollY > 0,
      );
      if (atBottom) break;
      if (steps > 5000) throw new Error('Scrolling did not reach the bottom of /menu');
    }
    const scrollSeconds = (Date.now() - scrollStarted) / 1000;
    const { gaps, long } = await page.evaluate(() => window.__largeMenu.stopFrames());
    const scrolledPx = await page.evaluate(() => Math.round(window.scrollY));
    return {
      load,
      searches,
      avoids,
      scroll: { gaps, long, steps, scrolledPx, scrollSeconds },
      errors,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Builds the 500-dish shop, serves it from the build (`serverMain`, as bench/api.mjs's useBuild
 * was given) on a fresh embedded database, and measures /menu. Throws when the page does not
 * list 500 dishes or a search or filter does not change the list as it should.
 */
export async function benchLargeMenu({ serverMain = 'apps/server/dist/main.js' } = {}) {
  const loadBefore = loadavg()[0];
  const demoDir = join(dirname(serverMain), '..', 'src/db/seed/demo');
  const demo = JSON.parse(readFileSync(join(demoDir, 'tenant.json'), 'utf8'));
  const tenant = largeMenuDocument(demo);
  const expected = expectations(tenant.items);

  const root = mkdtempSync(join(tmpdir(), 'servery-bench-large-menu-'));
  let servery;
  try {
    const tenantDir = join(root, 'tenant');
    mkdirSync(tenantDir);
    writeFileSync(join(tenantDir, 'tenant.json'), JSON.stringify(tenant, null, 2));
    cpSync(join(demoDir, 'assets'), join(tenantDir, 'assets'), { recursive: true });
    const dataDir = join(root, 'data');
    // The shop goes in as a shop owner's would: the tenant CLI from the same build. The server
    // then finds a shop in the database and seeds no demo.
    await run(
      process.execPath,
      [join(dirname(serverMain), 'cli/tenant.js'), 'import', join(tenantDir, 'tenant.json')],
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    ).catch((error) => {
      throw new Error(`Importing the 500-dish shop failed: ${error.message}`);
    });
    servery = await startServery(dataDir);
    const menuStore = (await (await fetch(`${servery.url}/api/store`)).json()).data[0];
    const menu = (await (await fetch(`${servery.url}/api/menu/${menuStore.id}`)).json()).data;
    const served = menu.categories.reduce((sum, category) => sum + category.items.length, 0);
    if (served !== DISHES) throw new Error(`The server's menu has ${served} dishes, not ${DISHES}`);

    const page = await measurePage(servery.url, expected);
    if (page.errors.length)
      throw new Error(`/menu threw in the browser: ${page.errors.join('; ')}`);
    const longFrames = page.scroll.gaps.filter((gap) => gap > LONG_FRAME_MS);
    return {
      dishes: page.load.shown,
      categories: menu.categories.length,
      withChoices: tenant.items.filter((item) => item.modifierGroups?.length).length,
      soldOut: tenant.items.filter((item) => item.soldOut).length,
      cpuSlowdown: CPU_SLOWDOWN,
      viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
      load: {
        firstDishesMs: ms(page.load.firstDishAt),
        allDishesMs: ms(page.load.allDishesAt),
        allDishesFrameMs: ms(page.load.allDishesFrameAt),
      },
      search: {
        medianMs: ms(median(page.searches.map((s) => s.frame))),
        clearMedianMs: ms(median(page.searches.map((s) => s.cleared.frame))),
        runs: page.searches.map((s) => ({
          word: s.word,
          shown: s.shown,
          listedMs: ms(s.listed),
          frameMs: ms(s.frame),
          clearedMs: ms(s.cleared.frame),
        })),
      },
      avoid: {
        medianMs: ms(median(page.avoids.map((a) => a.frame))),
        clearMedianMs: ms(median(page.avoids.map((a) => a.cleared.frame))),
        runs: page.avoids.map((a) => ({
          label: a.label,
          shown: a.shown,
          listedMs: ms(a.listed),
          frameMs: ms(a.frame),
          clearedMs: ms(a.cleared.frame),
        })),
      },
      scroll: {
        frames: page.scroll.gaps.length,
        longFrames: longFrames.length,
        longestFrameMs: ms(Math.max(...page.scroll.gaps)),
        medianFrameMs: Math.round(median(page.scroll.gaps) * 10) / 10,
        steps: page.scroll.steps,
        stepPx: WHEEL_STEP_PX,
        pauseMs: WHEEL_PAUSE_MS,
        // Chromium's view of the frames over 50 ms: how many, and the median share of each
        // spent running script and in style and layout.
        longAnimationFrames: {
          count: page.scroll.long.length,
          medianMs: ms(median(page.scroll.long.map((f) => f.duration)) ?? 0),
          medianScriptMs: ms(median(page.scroll.long.map((f) => f.script)) ?? 0),
          medianStyleAndLayoutMs: ms(median(page.scroll.long.map((f) => f.styleAndLayout)) ?? 0),
        },
        scrolledPx: page.scroll.scrolledPx,
        seconds: Math.round(page.scroll.scrollSeconds * 10) / 10,
      },
      loadAverage: [loadBefore, loadavg()[0]].map((load) => Math.round(load * 10) / 10),
    };
  } finally {
    if (servery) {
      servery.child.kill('SIGTERM');
      await new Promise((resolve) => servery.child.once('exit', resolve));
    }
    rmSync(root, { recursive: true, force: true });
  }
}
