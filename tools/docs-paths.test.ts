// Every path the README and docs/ cite must exist: a moved or deleted file otherwise leaves the
// next engineer following a map to nowhere. Links are read relative to their page; paths in
// backticks that start at a top-level folder, and the root's own files, are read from the
// repository's root; other paths in backticks (`plugins/tenant.ts`, `steps/write-order.ts`,
// `app.ts`) are relative to a module or an app, and some tracked file must end with them.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The repository's files (tracked and still there), from its root, with forward slashes. */
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(join(root, file)));

/** Where a backticked path starts at the root: every tracked folder there, and these. */
const topFolders = new Set([
  ...['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'tools', 'deploy', '.ci'],
  ...tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
]);
/** Files a repository keeps at its root only: cited bare, they are the root's. */
const ROOT_FILE =
  /^(Dockerfile|compose\.ya?ml|package(-lock)?\.json|tsconfig(\.\w+)?\.json|vitest\.config\.ts|eslint\.config\.js|\.prettierrc(\.json)?|\.(docker|git|prettier)ignore)$/;
/** What a build or a run makes, never tracked: cited as where to look, not as a source. */
const MADE = new Set(['dist', '.vite', '.tmp', 'data', 'node_modules', 'coverage']);
/** A file is cited by its extension (`request.host`, `booking.ics`, `a.co.uk` are not files). */
const FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|sql|sh|css|html)$/;
/** Names the pages cite as a kind of file, not as one: each with why. */
const KINDS: Record<string, string> = {
  'index.ts': 'a barrel, which the house does without (decision 42)',
};

/** One cited path: `path` must exist, or some tracked file must end with `/${endsWith}`. */
export type Cited = { cited: string; path: string } | { cited: string; endsWith: string };

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

/** A backticked span as a path to check, or null when it is not one. */
function backticked(span: string): Cited | null {
  const path = span.replace(/[.,:;)]+$/, '').replace(/:\d+$/, '');
  if (/[*<>{}…|]|\.\.\.|\$/.test(path)) return null; // a pattern or a placeholder, not a path
  // Words, dots and dashes between slashes only: no URL, no /api/… path, no package or address.
  if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(path)) return null;
  const top = path.split('/')[0]!;
  if (path.includes('/') && topFolders.has(top)) return { cited: span, path: join(root, path) };
  if (ROOT_FILE.test(path)) return { cited: span, path: join(root, path) };
  if (MADE.has(top) || path.startsWith('./') || path in KINDS) return null;
  // A folder (`plugins/`) or a file by its extension; `Europe/London`, `text/event-stream` and
  // `dd/MM/yyyy` are neither.
  if (path.endsWith('/') || (FILE.test(path) && !/^\.\w+$/.test(path))) {
    return { cited: span, endsWith: path };
  }
  return null;
}

/** The paths a page cites: where each must resolve to. */
export function citedPaths(page: string, text: string): Cited[] {
  const found: Cited[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/i.test(target!)) continue;
    const file = target!.split('#')[0]!;
    if (file) found.push({ cited: target!, path: join(dirname(page), decodeURI(file)) });
  }
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const cited = backticked(span!);
    if (cited) found.push(cited);
  }
  return found;
}

/** Whether a cited path is there: at its place, or (relative) at the end of a tracked path. */
export function exists(cited: Cited, files: readonly string[] = tracked): boolean {
  if ('path' in cited) return existsSync(cited.path);
  const end = cited.endsWith;
  return end.endsWith('/')
    ? files.some((file) => file.startsWith(end) || file.includes(`/${end}`))
    : files.some((file) => file === end || file.endsWith(`/${end}`));
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

  it('reads .ci and the root files from the root, and other paths as relative ones', () => {
    const page = join(root, 'docs/x.md');
    expect(citedPaths(page, '`.ci/run` `Dockerfile` `vitest.config.ts` `package.json`')).toEqual(
      ['.ci/run', 'Dockerfile', 'vitest.config.ts', 'package.json'].map((p) => ({
        cited: p,
        path: join(root, p),
      })),
    );
    expect(citedPaths(page, '`plugins/tenant.ts`, `steps/` `app.ts`')).toEqual([
      { cited: 'plugins/tenant.ts', endsWith: 'plugins/tenant.ts' },
      { cited: 'steps/', endsWith: 'steps/' },
      { cited: 'app.ts', endsWith: 'app.ts' },
    ]);
  });

  it('leaves out what is not a path', () => {
    const spans = [
      '`https://x.test/a.ts`',
      '`GET /api/admin/orders`',
      '`/api/orders/:id`',
      '`apps/*/src/x.ts`',
      '`modules/{x}.ts`',
      '`request.host`',
      '`stores.0.slug`',
      '`text/event-stream`',
      '`Europe/London`',
      '`booking.ics`',
      '`owner@shop.test`',
      '`@fastify/static`',
      '`dist/.vite/manifest.json`',
      '`.env`',
      '`orders:run`',
      '`index.ts`',
    ];
    expect(citedPaths(join(root, 'docs/x.md'), spans.join(' '))).toEqual([]);
  });

  it('finds a relative path at the end of a tracked one, and only there', () => {
    const files = ['apps/server/src/plugins/tenant.ts', 'apps/server/src/app.ts'];
    const at = (endsWith: string) => exists({ cited: endsWith, endsWith }, files);
    const there = ['plugins/tenant.ts', 'src/app.ts', 'app.ts', 'plugins/', 'server/src/'];
    const not = ['tenant/plugins.ts', 'p.ts', 'ugins/tenant.ts', 'steps/', 'lugins/'];
    expect(there.filter(at)).toEqual(there);
    expect(not.filter(at)).toEqual([]);
  });

  for (const page of markdownPages()) {
    it(`${relative(root, page)} cites only paths that exist`, () => {
      const missing = citedPaths(page, readFileSync(page, 'utf8'))
        .filter((cited) => !exists(cited))
        .map(({ cited }) => cited);
      expect(missing).toEqual([]);
    });
  }
});
