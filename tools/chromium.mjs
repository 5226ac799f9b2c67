// How this project starts Debian's chromium, for the end-to-end tests and the page benches
// (architecture.md "Stack and machine traps": no browser download; no network of its own).
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium features a test browser has no use for. Chromium 156 gives every window (Playwright
 * opens one per page) an address bar popup drawn as a web page of its own, in a renderer
 * process of its own: about a tenth of the browser's CPU in the end-to-end suite, for a popup
 * nobody opens.
 */
export const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Playwright's own `--disable-features=…` for this chromium, read from a browser it started. */
async function playwrightsFeaturesOff() {
  // Chromium tells its command line only to a browser run for automation.
  const probe = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--enable-automation'],
  });
  try {
    const cdp = await probe.newBrowserCDPSession();
    const { arguments: args } = await cdp.send('Browser.getBrowserCommandLine');
    const flag = args.find((arg) => arg.startsWith('--disable-features='));
    return flag ? flag.slice('--disable-features='.length).split(',') : [];
  } finally {
    await probe.close();
  }
}

/**
 * Chromium, headless, with the flags above and FEATURES_OFF. A second `--disable-features`
 * replaces Playwright's rather than adding to it (its list keeps HTTP navigations on HTTP,
 * among others), so ours carries Playwright's too, read from a first, short-lived browser.
 */
export async function launchChromium() {
  const off = new Set([...(await playwrightsFeaturesOff()), ...FEATURES_OFF]);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--disable-features=${[...off].join(',')}`],
  });
}
