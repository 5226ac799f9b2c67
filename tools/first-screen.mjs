// The JavaScript each page needs for its first screen, read from the Vite build's manifest
// (apps/web/dist/.vite/manifest.json): the entry and every chunk the entry and the page's route
// chunks import statically (the browser fetches those before the route's module runs). Dynamic
// imports (a dialog, a panel opened by a click, the date picker) are not counted: they come later.
// Used by tools/first-screen-budget.test.ts and the page bench (bench/pages.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const FIRST_SCREEN_BUDGET_KB = 130;

export const WEB_DIST = new URL('../apps/web/dist/', import.meta.url).pathname;

const ADMIN = 'src/admin/admin-app.tsx';

/**
 * The route chunks each page opens with, by their source path (the manifest's keys). `/` draws
 * its landing page from home-pages.ts (main.tsx starts it at once); /menu and /reservation draw
 * a heading from the entry and fetch their chunk right after the first frame (decision 30), which
 * is still their first screen (/checkout too); the staff pages are the staff application and the screen's chunk,
 * fetched side by side (decision 27).
 */
export const FIRST_SCREENS = {
  '/': ['src/features/content/components/home-pages.ts'],
  '/menu': ['src/app/routes/menu-route.tsx'],
  '/reservation': ['src/features/reservation/components/reservation-page.tsx'],
  '/checkout': ['src/app/routes/checkout-route.tsx'],
  '/orders/{id}': ['src/app/routes/order-route.tsx'],
  '/admin/desk': [ADMIN, 'src/admin/desk/desk-page.tsx'],
  '/admin/diary': [ADMIN, 'src/admin/diary/diary-page.tsx'],
};

/** The manifest, or an error that says how to get one (the test never builds the app itself). */
export function readManifest(dist = WEB_DIST) {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: run \`npm run build\` first (\`npm test\` builds before it tests).`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The manifest keys a page's first screen loads: the entry, its routes, and their static imports. */
export function firstScreenChunks(manifest, routes) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key])
      throw new Error(`${key} is not in the build's manifest (renamed or moved?)`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  for (const route of routes) visit(route);
  return [...seen];
}

/** Compressed sizes of one script, as a server would send it: brotli 11 and gzip 9. */
export function compressedBytes(buffer) {
  return {
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gzip: gzipSync(buffer, { level: 9 }).length,
  };
}

export const kilobytes = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Each page's first-screen JavaScript: files, brotli and gzip KB, and its largest chunks. */
export function firstScreenSizes(dist = WEB_DIST) {
  const manifest = readManifest(dist);
  return Object.entries(FIRST_SCREENS).map(([page, routes]) => {
    let brotli = 0;
    let gzip = 0;
    const chunks = firstScreenChunks(manifest, routes).map((key) => {
      const size = compressedBytes(readFileSync(join(dist, manifest[key].file)));
      brotli += size.brotli;
      gzip += size.gzip;
      return { key, brotliKb: kilobytes(size.brotli) };
    });
    chunks.sort((a, b) => b.brotliKb - a.brotliKb);
    return {
      page,
      files: chunks.length,
      brotliKb: kilobytes(brotli),
      gzipKb: kilobytes(gzip),
      chunks,
    };
  });
}
