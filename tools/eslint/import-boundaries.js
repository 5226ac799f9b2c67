// Keeps imports flowing one way (architecture.md): contract ← server, contract ← web, and inside the
// web app components/ui and lib ← features ← app, with no feature importing another; the
// staff application (admin/) takes only components/ui and lib. Between the server's modules: only
// public files, and no cycle (server-modules.js).
import { dirname, relative, resolve, sep } from 'node:path';
import { SHARED_FILES, isPublic, isTest, moduleOf, pathBetween } from './server-modules.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const rel = (file) => relative(root, file).split(sep).join('/');

/** Where a repository path sits: its package, and inside the web app its layer. */
function placeOf(path) {
  if (path.startsWith('packages/contract/')) return { pkg: 'contract' };
  if (path.startsWith('apps/server/')) return { pkg: 'server' };
  if (path.startsWith('apps/web/src/')) {
    const rest = path.slice('apps/web/src/'.length);
    if (rest.startsWith('components/ui/')) return { pkg: 'web', layer: 'ui' };
    if (rest.startsWith('lib/')) return { pkg: 'web', layer: 'lib' };
    if (rest.startsWith('features/'))
      return { pkg: 'web', layer: 'feature', feature: rest.split('/')[1] };
    if (rest.startsWith('app/')) return { pkg: 'web', layer: 'app' };
    // The staff application: its own screens, on the same primitives, never the storefront's.
    if (rest.startsWith('admin/')) return { pkg: 'web', layer: 'admin' };
    return { pkg: 'web', layer: 'entry' };
  }
  if (path.startsWith('apps/web/')) return { pkg: 'web', layer: 'entry' };
  return { pkg: 'other' };
}

function targetOf(source, fromFile) {
  if (source.startsWith('@servery/contract')) return { pkg: 'contract' };
  if (source.startsWith('@servery/server')) return { pkg: 'server' };
  if (source.startsWith('@servery/web')) return { pkg: 'web' };
  if (!source.startsWith('.')) return null;
  return placeOf(rel(resolve(dirname(fromFile), source)));
}

const PACKAGE_MAY_IMPORT = {
  contract: ['contract'],
  server: ['contract', 'server'],
  web: ['contract', 'web'],
};
const LAYER_MAY_IMPORT = {
  ui: ['ui'],
  lib: ['lib', 'ui'],
  feature: ['ui', 'lib', 'feature'],
  admin: ['ui', 'lib', 'admin'],
  app: ['ui', 'lib', 'feature', 'app', 'admin'],
  entry: ['ui', 'lib', 'feature', 'app', 'admin', 'entry'],
};

function problem(from, to) {
  const allowed = PACKAGE_MAY_IMPORT[from.pkg];
  if (allowed && to.pkg !== 'other' && !allowed.includes(to.pkg)) {
    return `${from.pkg} must not import from ${to.pkg}`;
  }
  if (from.pkg !== 'web' || to.pkg !== 'web' || !from.layer || !to.layer) return null;
  if (!LAYER_MAY_IMPORT[from.layer].includes(to.layer)) {
    return `web ${from.layer} code must not import from ${to.layer === 'feature' ? 'features' : to.layer}`;
  }
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature) {
    return `the ${from.feature} feature must not import from the ${to.feature} feature`;
  }
  return null;
}

/**
 * A server module's imports of other modules: each must name a public file, and none may reach
 * back (a test's imports are not the module's, so only the first applies to them).
 */
function moduleChecks(context, options) {
  const dir = resolve(root, options.modulesDir ?? 'apps/server/src/modules');
  const shared = options.sharedFiles ?? SHARED_FILES;
  const self = moduleOf(dir, context.filename);
  if (!self) return null;
  const seen = [];
  return {
    see(node) {
      const source = node.source.value;
      if (!source.startsWith('.')) return;
      const to = moduleOf(dir, resolve(dirname(context.filename), source));
      if (to && to.name !== self.name) seen.push({ node: node.source, to });
    },
    report() {
      const own = new Set(seen.map(({ to }) => to.name));
      for (const { node, to } of seen) {
        const problems = [];
        if (!isPublic(to, shared)) {
          problems.push(
            `${to.file} is not public in the ${to.name} module (its routes, service and repository files are, and those listed in tools/eslint/server-modules.js)`,
          );
        }
        const back = isTest(context.filename)
          ? null
          : pathBetween(dir, context.filename, own, to.name, self.name);
        if (back) {
          problems.push(
            `the ${self.name} module must not import from ${to.name}: that closes the cycle ${self.name} → ${back.join(' → ')}`,
          );
        }
        for (const problem of problems) {
          context.report({ node, message: `${problem} (${node.value})` });
        }
      }
    },
  };
}

/** @type {import("eslint").Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports flowing one way between packages, web layers and modules' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          sharedFiles: { type: 'object', additionalProperties: { type: 'array' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const from = placeOf(rel(context.filename));
    const modules = moduleChecks(context, context.options[0] ?? {});
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      modules?.see(node);
      const to = targetOf(node.source.value, context.filename);
      const message = to && problem(from, to);
      if (message)
        context.report({ node: node.source, message: `${message} (${node.source.value})` });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      'Program:exit': () => modules?.report(),
    };
  },
};
