import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every feature injects its endpoints into the one RTK Query api (lib/api.ts). Two features that
// give an endpoint the same name do not fail: the later injection is ignored, and one screen's
// hook calls the other screen's URL (the desk's and the diary's undo did, 29 November). So each
// name is given once, across the app.
const SRC = join(import.meta.dirname, '..');
const ENDPOINT = /^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the api’s endpoint names', () => {
  it('are each given by one feature', () => {
    const where = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(ENDPOINT)) {
        where.set(name!, [...(where.get(name!) ?? []), relative(SRC, file)]);
      }
    }
    expect(where.size).toBeGreaterThan(50);
    const twice = [...where].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
  });
});
