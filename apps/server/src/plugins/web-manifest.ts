import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The module of the web app that asks a first visit about cookies (apps/web/src/app/shell.tsx). */
export const COOKIE_QUESTION_SOURCE = 'src/app/cookie-consent.tsx';
/** The staff application's module (apps/web/src/app/lazy-pages.ts loads it on /admin). */
export const STAFF_APP_SOURCE = 'src/admin/admin-app.tsx';

/** The `<head>` additions a served page may carry, each empty when the build lacks its chunk. */
export interface PagePreloads {
  /** For a storefront visitor who has not answered the cookie question (docs/decisions/0026). */
  cookieQuestion: string;
  /** For every page under /admin: the staff application's code (docs/decisions/0027). */
  staffApp: string;
}

/**
 * The `<link rel="modulepreload">` tags of the served page, read once from Vite's manifest: for
 * each module, its chunk and the chunks it imports that the entry does not already load, so the
 * browser fetches them beside the entry instead of after it has run. Empty when the build has no
 * manifest (an older build, or none).
 */
export function pagePreloads(distDir: string): PagePreloads {
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return { cookieQuestion: '', staffApp: '' };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const loadedByEntry = withImports('index.html');
  const preloads = (source: string) =>
    [...withImports(source)]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
      .join('');
  return {
    cookieQuestion: preloads(COOKIE_QUESTION_SOURCE),
    staffApp: preloads(STAFF_APP_SOURCE),
  };
}
