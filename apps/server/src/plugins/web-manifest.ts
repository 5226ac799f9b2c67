import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The module of the web app that asks a first visit about cookies (apps/web/src/app/shell.tsx). */
export const COOKIE_QUESTION_SOURCE = 'src/app/cookie-consent.tsx';

/**
 * The `<link rel="modulepreload">` tags for a visitor who has not answered the cookie question
 * (docs/decisions/0026): its chunk and the chunks it imports that the entry does not already
 * load, read from Vite's manifest. Empty when the build has no manifest (an older build, or none).
 */
export function cookieQuestionPreloads(distDir: string): string {
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const question = manifest[COOKIE_QUESTION_SOURCE];
  if (!question) return '';
  const withImports = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const loadedByEntry = withImports('index.html');
  return [...withImports(COOKIE_QUESTION_SOURCE)]
    .filter((key) => !loadedByEntry.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
    .join('');
}
