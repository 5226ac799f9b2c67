// Issue 31, point 3: how long POST /api/admin/session/code takes for a staff address and for
// an unknown one, on an embedded database of its own, with the outbox delivering (to the log
// transport) as a server does. Alternates the two kinds, a fresh address and IP each time, and
// prints the medians and a permutation test's p. Run from the repository root:
//   npx tsx bench/staff-code-timing.mjs [server source folder, default apps/server/src] [pairs]
// (before and after: point it at an older copy of apps/server/src, such as one from git archive).
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const src = resolve(process.argv[2] ?? 'apps/server/src');
const pairs = Number(process.argv[3] ?? 150);
const load = (path) => import(pathToFileURL(resolve(src, path)).href);

const { buildApp } = await load('app.ts');
const { openDatabase } = await load('db/client.ts');
const { importTestTenant, makeTenantDocument } = await load('../test/factories.ts');
const { addStaffFromCli } = await load('modules/staff/staff-cli.ts');
const { fixtureWebDist } = await load('../test/test-app.ts');

const database = await openDatabase({ kind: 'pglite-memory' });
await database.migrate();
const shop = await importTestTenant(database.db, makeTenantDocument());
const host = shop.hosts[0].host;
const app = await buildApp({ database, webDistDir: fixtureWebDist, messages: { deliver: true } });

let n = 0;
const ip = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
async function ask(email) {
  const start = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/admin/session/code',
    headers: { host, origin: `http://${host}` },
    payload: { email },
    remoteAddress: ip(),
  });
  const ms = performance.now() - start;
  if (answer.statusCode !== 200) throw new Error(answer.body);
  // Let the outbox deliver before the next request, as between two requests of an attacker.
  await new Promise((done) => setTimeout(done, 5));
  return ms;
}

const staff = [];
for (let i = 0; i < pairs + 10; i++) {
  const email = `timing-${i}@staff.test`;
  await addStaffFromCli(database.db, { slug: shop.slug, email, role: 'staff', name: `T ${i}` });
  staff.push(email);
}
// Warm up: the shop cache, the compiled routes, the database's plans.
for (let i = 0; i < 10; i++) {
  await ask(staff[pairs + i]);
  await ask(`warm-${i}@example.com`);
}
const known = [];
const unknown = [];
for (let i = 0; i < pairs; i++) {
  if (i % 2 === 0) {
    known.push(await ask(staff[i]));
    unknown.push(await ask(`nobody-${i}@example.com`));
  } else {
    unknown.push(await ask(`nobody-${i}@example.com`));
    known.push(await ask(staff[i]));
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Two-sided permutation test of the difference of medians. */
function permutationP(a, b, rounds = 5000) {
  const observed = Math.abs(median(a) - median(b));
  const all = [...a, ...b];
  let extreme = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [all[i], all[j]] = [all[j], all[i]];
    }
    const d = Math.abs(median(all.slice(0, a.length)) - median(all.slice(a.length)));
    if (d >= observed) extreme++;
  }
  return (extreme + 1) / (rounds + 1);
}

console.log(
  JSON.stringify({
    source: src,
    pairs,
    staffMedianMs: Number(median(known).toFixed(2)),
    unknownMedianMs: Number(median(unknown).toFixed(2)),
    p: Number(permutationP(known, unknown).toFixed(3)),
  }),
);
await app.close();
await database.close();
