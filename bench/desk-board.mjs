// The staff desk in a browser (issue 19): the board's frame times with 200 open orders while
// orders arrive and move, the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Lighthouse on
// the desk is bench/signed-in-pages.mjs'.
/* global document, window, requestAnimationFrame, MutationObserver */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '../tools/chromium.mjs';
import { startServery } from './api.mjs';
import { startMailbox } from './mailbox.mjs';
import { STAFF_HINT } from './web.mjs';
import {
  boardEmail,
  cashOrder,
  placeOrder,
  prepareShop,
  round,
  signInStaff,
  stop,
  summary,
} from './staff-board.mjs';

/** Open orders for the frame times. */
export const DESK_RUN = {
  openOrders: 200,
  cpuSlowdown: 4,
  viewport: { width: 1280, height: 800 },
  /** Updates during the frame measurement: a new order, then an accepted one, this far apart. */
  updates: 30,
  updateEveryMs: 500,
};

/** Orders in parallel batches (the server takes them faster than one by one). */
export async function placeMany(url, order, count) {
  for (let done = 0; done < count; done += 10) {
    const batch = Math.min(10, count - done);
    await Promise.all(Array.from({ length: batch }, () => placeOrder(url, order)));
  }
}

async function accept(url, cookie, id) {
  const res = await fetch(`${url}/api/admin/orders/${id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({ status: 'accepted', minutes: 20 }),
  });
  if (!res.ok) throw new Error(`accepting an order answered ${res.status}: ${await res.text()}`);
}

/** Records every frame (requestAnimationFrame) and long animation frame, and when cards appear. */
function recordFrames() {
  const w = window;
  w.__frames = [];
  w.__loaf = [];
  w.__cardSeen = {};
  let last = performance.now();
  const tick = (now) => {
    w.__frames.push(now - last);
    last = now;
    if (!w.__stopFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const script = e.scripts.reduce((sum, s) => sum + s.duration, 0);
        const layout = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
        w.__loaf.push({ duration: e.duration, script, layout });
      }
    }).observe({ type: 'long-animation-frame' });
  }
  // The wall-clock time each order's card first appears (its heading's id is order-<id>).
  new MutationObserver(() => {
    const now = Date.now();
    for (const h of document.querySelectorAll('h3[id^="order-"]')) {
      w.__cardSeen[h.id.slice(6)] ??= now;
    }
  }).observe(document.body, { childList: true, subtree: true });
}

/**
 * A staff member's cookies as a signed-in browser holds them: the session (`name=value` from
 * signInStaff), the readable hint and the cookie notice answered.
 */
export function browserCookies(url, cookie) {
  const { hostname } = new URL(url);
  const [name, ...value] = cookie.split('=');
  const jar = { domain: hostname, path: '/' };
  return [
    { ...jar, name, value: value.join('='), secure: true, httpOnly: true, sameSite: 'Strict' },
    { ...jar, ...STAFF_HINT },
    { ...jar, name: 'cookiesAccepted', value: 'true' },
  ];
}

export async function boardFrames(url, cookie, order) {
  const browser = await launchChromium();
  try {
    // The session and the readable hint beside it (decision 83) go into the browser's jar, as
    // a sign-in would leave them. The production session cookie is __Host- and Secure: given by
    // host and path (not by URL, which Playwright checks against the scheme), Chromium keeps it
    // and sends it to http://127.0.0.1, a secure context for cookies as localhost is.
    const context = await browser.newContext({ viewport: DESK_RUN.viewport });
    await context.addCookies(browserCookies(url, cookie));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: DESK_RUN.cpuSlowdown });
    const opened = Date.now();
    await page.goto(`${url}/admin/desk`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('h3[id^="order-"]').length >= n,
      DESK_RUN.openOrders,
      { timeout: 120_000 },
    );
    const boardMs = Date.now() - opened;
    await page.getByText('Live.').waitFor();
    await page.evaluate(recordFrames);
    const placedAt = new Map();
    const toAccept = [];
    for (let i = 0; i < DESK_RUN.updates; i++) {
      const started = Date.now();
      if (i % 2 === 0) {
        const sent = Date.now();
        const id = await placeOrder(url, order);
        placedAt.set(id, sent);
        toAccept.push(id);
      } else {
        await accept(url, cookie, toAccept.shift());
      }
      const wait = DESK_RUN.updateEveryMs - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    await page.waitForTimeout(2000);
    const recorded = await page.evaluate(() => {
      window.__stopFrames = true;
      return { frames: window.__frames, loaf: window.__loaf, seen: window.__cardSeen };
    });
    const frames = recorded.frames.slice(1);
    const toCard = [...placedAt]
      .filter(([id]) => recorded.seen[id])
      .map(([id, sent]) => recorded.seen[id] - sent);
    return {
      boardMs,
      frames: frames.length,
      frameMs: summary(frames),
      over50: frames.filter((f) => f > 50).length,
      longAnimationFrames: recorded.loaf.length,
      loafMs: summary(recorded.loaf.map((l) => l.duration)),
      loafScriptMs: summary(recorded.loaf.map((l) => l.script)),
      loafLayoutMs: summary(recorded.loaf.map((l) => l.layout)),
      orderToCard: summary(toCard),
      cardsMissing: placedAt.size - toCard.length,
      seconds: round(frames.reduce((a, b) => a + b, 0) / 1000),
    };
  } finally {
    await browser.close();
  }
}

/** The desk's frame times with 200 open orders. */
export async function benchDesk({ serverMain }) {
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-desk-'));
  let server;
  try {
    const email = boardEmail();
    await prepareShop(serverMain, { dataDir, email });
    server = await startServery(dataDir, { smtpUrl: mailbox.url, main: serverMain });
    const order = await cashOrder(server.url, mailbox);
    const cookie = await signInStaff(server.url, mailbox, email);
    await placeMany(server.url, order, DESK_RUN.openOrders);
    const frames = await boardFrames(server.url, cookie, order);
    return { frames };
  } finally {
    await stop(server);
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
