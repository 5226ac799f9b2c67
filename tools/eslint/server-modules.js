// The server's modules (apps/server/src/modules/<x>/) as the import-boundaries rule sees them
// (docs/decisions/0042-server-modules-without-cycles.md): a module imports another only through
// its public files, and the modules' imports form no cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** A module's own role files are public: the three kinds architecture.md names. */
const ROLE_FILE = /^[^/]+\.(routes|service|repository)\.ts$/;

/**
 * The other files a module lets other modules import, by module: helpers more than one module
 * needs. Adding a file here is a decision about the module's public face; prefer a role file.
 */
export const SHARED_FILES = {
  audit: ['audit-actor.ts'],
  auth: ['otp-codes.ts'],
  catalogue: ['sold-out-state.ts'],
  diary: ['booking-reminders.ts'],
  'live-events': ['event-stream.ts', 'live-events.hub.ts', 'live-stream-opening.ts'],
  'menu-editor': ['store-availability.ts'],
  menu: ['item-at-store.ts', 'line-pricing.ts'],
  'order-history': ['history-cursor.ts'],
  orders: ['card-account.ts', 'order-message.ts', 'order-view.ts', 'vat-invoice.ts'],
  outbox: ['message-budget.ts', 'order-news-worth.ts'],
  promos: ['promo-rules.ts'],
  push: ['unwatched-push.ts'],
  refunds: ['provider-refunds.ts', 'refund-rules.ts'],
  reports: ['sales-figures.ts'],
  reservations: ['booking-message.ts', 'booking-slots.ts'],
  staff: ['staff-shop.ts'],
  'store-settings': ['settings-export.ts', 'versions.ts'],
  stores: ['delivery-check.ts', 'opening.ts', 'store-terms.ts', 'timings.ts'],
  'tenant-document': [
    'tenant-assets.ts',
    'tenant-export.ts',
    'tenant-files.ts',
    'tenant-import.ts',
  ],
  tenants: ['back-office-shop.ts', 'cached-tenant.ts', 'shop-origin.ts'],
};

export const isTest = (file) => /\.test\.tsx?$/.test(file);
const IMPORTED = /\bfrom\s*['"](\.[^'"]*)['"]|\bimport\s*\(?\s*['"](\.[^'"]*)['"]/g;

/** The module a path (absolute) belongs to under `dir`, and the path inside it. */
export function moduleOf(dir, path) {
  const inside = relative(dir, path).split(sep).join('/');
  if (inside.startsWith('..') || !inside.includes('/')) return null;
  const slash = inside.indexOf('/');
  return { name: inside.slice(0, slash), file: inside.slice(slash + 1) };
}

/** Whether `to` (from moduleOf) may be imported from another module. */
export function isPublic(to, shared) {
  return ROLE_FILE.test(to.file) || (shared[to.name] ?? []).includes(to.file);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !isTest(entry.name) ? [path] : [];
  });
}

/** The modules each source file imports (tests left out: nothing imports a test). */
function fileEdges(dir) {
  const edges = new Map();
  for (const file of sourceFiles(dir)) {
    const from = moduleOf(dir, file);
    const targets = new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORTED)) {
      const to = moduleOf(dir, resolve(dirname(file), match[1] ?? match[2]));
      if (to && to.name !== from.name) targets.add(to.name);
    }
    edges.set(file, { from: from.name, targets });
  }
  return edges;
}

// Read once per process: `eslint .` lints every file against the same tree. (An editor's
// long-lived ESLint sees other files' imports as they were when it started.)
const cache = new Map();
const edgesUnder = (dir) => cache.get(dir) ?? cache.set(dir, fileEdges(dir)).get(dir);

/**
 * The path by which module `start` reaches module `goal`, `file`'s imports being `own` (what
 * the linter sees now) rather than what is on disk; null when it does not.
 */
export function pathBetween(dir, file, own, start, goal) {
  const next = new Map();
  const add = (from, to) => (next.get(from) ?? next.set(from, new Set()).get(from)).add(to);
  for (const [path, { from, targets }] of edgesUnder(dir)) {
    if (path !== file) for (const to of targets) add(from, to);
  }
  const self = moduleOf(dir, file);
  for (const to of own) if (to !== self.name) add(self.name, to);
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === goal) {
      const path = [];
      for (let m = at; m !== null; m = cameFrom.get(m)) path.unshift(m);
      return path;
    }
    for (const to of next.get(at) ?? []) {
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, at);
      queue.push(to);
    }
  }
  return null;
}
