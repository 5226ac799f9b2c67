// Every path the README and docs/ cite must exist: a moved or deleted file otherwise leaves the
// next engineer following a map to nowhere. Links are read relative to their page; paths in
// backticks that start at a top-level folder are read from the repository's root.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const topFolders = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'tools', 'deploy'];

function markdownPages(): string[] {
  const docs = join(root, 'docs');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    );
  return [join(root, 'README.md'), ...walk(docs)];
}

/** The paths a page cites, each as the absolute path it must resolve to. */
export function citedPaths(page: string, text: string): { cited: string; path: string }[] {
  const found: { cited: string; path: string }[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/i.test(target!)) continue;
    const file = target!.split('#')[0]!;
    if (file) found.push({ cited: target!, path: join(dirname(page), decodeURI(file)) });
  }
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = span!.replace(/[.,:;)]+$/, '').replace(/:\d+$/, '');
    const top = path.split('/')[0]!;
    if (!topFolders.includes(top) || !path.includes('/')) continue;
    if (/[*<>{}…|]|\.\.\.|\$/.test(path)) continue; // a pattern or a placeholder, not a path
    found.push({ cited: span!, path: join(root, path) });
  }
  return found;
}

describe('paths cited in the README and docs/', () => {
  it('reads a link relative to its page and a backticked path from the root', () => {
    const page = join(root, 'docs/x.md');
    expect(citedPaths(page, '[a](configuration.md) `apps/server/src/app.ts`.')).toEqual([
      { cited: 'configuration.md', path: join(root, 'docs/configuration.md') },
      { cited: 'apps/server/src/app.ts', path: join(root, 'apps/server/src/app.ts') },
    ]);
    expect(citedPaths(page, '[b](https://x.test) `modules/<x>/` `npm test`')).toEqual([]);
  });

  for (const page of markdownPages()) {
    it(`${relative(root, page)} cites only paths that exist`, () => {
      const missing = citedPaths(page, readFileSync(page, 'utf8'))
        .filter(({ path }) => !existsSync(path))
        .map(({ cited }) => cited);
      expect(missing).toEqual([]);
    });
  }
});
