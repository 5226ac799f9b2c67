// API throughput: Servery against a bare node:http server returning the same bytes, measured
// one after the other in one run on one machine (the load generator shares its cores).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startMailbox } from './mailbox.mjs';
import { createBenchDatabase, loadOrders, prepareOrder } from './orders.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ENDPOINTS = [
  { method: 'POST', path: '/api/loadconfig' },
  { method: 'GET', path: '/api/home' },
];

function waitForLine(child) {
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

let serverMain = 'apps/server/dist/main.js';
/** Runs the servers from this main.js (a snapshot of the build, bench/build-snapshot.mjs). */
export function useBuild(main) {
  serverMain = main;
}

/**
 * A production server from the build: on the embedded database in `dataDir`, or on PostgreSQL
 * at `databaseUrl`; e-mail goes to `smtpUrl` (the bench's own mailbox when it signs in).
 */
export async function startServery(dataDir, { databaseUrl = '', smtpUrl } = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      // Production insists on real message transports; only sign-in codes are sent, by e-mail.
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123',
      SMTP_URL: smtpUrl ?? 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'bench',
      TWILIO_FROM: '+447700900000',
      DEMO_PAYMENTS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Servery did not start');
}

/** Peak resident memory of a process, from the kernel (Linux). */
function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function load(url, { method, path }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: url + path, method, connections: CONNECTIONS, duration: DURATION },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const stop = async (server) => {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
};

/** The reads against the bare server, then placing orders, on the embedded database. */
async function benchPglite(mailbox) {
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-'));
  // First start creates the embedded database and seeds the demo shop; the load runs against a
  // restart on that directory, as a deployed server runs.
  const first = await startServery(dataDir, { smtpUrl: mailbox.url });
  const firstStartPeakMb = peakRssMb(first.child.pid);
  await stop(first);
  const servery = await startServery(dataDir, { smtpUrl: mailbox.url });
  const startedRssMb = peakRssMb(servery.child.pid);
  // The demo menu of the first store that sells from one.
  const stores = (await (await fetch(`${servery.url}/api/store`)).json()).data;
  const menuStore = stores.find((store) => store.menu_id);
  const endpoints = menuStore
    ? [...ENDPOINTS, { method: 'GET', path: `/api/menu/${menuStore.id}` }]
    : ENDPOINTS;
  const recorded = {};
  for (const endpoint of endpoints) {
    const res = await fetch(servery.url + endpoint.path, { method: endpoint.method });
    const headers = Object.fromEntries(
      [...res.headers].filter(
        ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k),
      ),
    );
    recorded[`${endpoint.method} ${endpoint.path}`] = {
      status: res.status,
      headers,
      body: await res.text(),
    };
  }
  const routesFile = join(dataDir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(recorded));
  const bare = spawn(process.execPath, ['bench/bare-server.mjs', routesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bareUrl = `http://127.0.0.1:${await waitForLine(bare)}`;

  const rows = [];
  try {
    for (const endpoint of endpoints) {
      const base = await load(bareUrl, endpoint);
      const ours = await load(servery.url, endpoint);
      for (const r of [base, ours]) {
        if (r.non2xx || r.errors)
          throw new Error(`${endpoint.path}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      }
      rows.push({
        endpoint: `${endpoint.method} ${endpoint.path}`,
        bytes: recorded[`${endpoint.method} ${endpoint.path}`].body.length,
        bareRps: Math.round(base.requests.average),
        bareP99: base.latency.p99,
        serveryRps: Math.round(ours.requests.average),
        serveryP99: ours.latency.p99,
        ratio: ours.requests.average / base.requests.average,
      });
    }
    bare.kill();
    const afterReadsMb = peakRssMb(servery.child.pid);
    const prepared = await prepareOrder(servery.url, mailbox);
    const orders = await loadOrders(servery.url, prepared, {
      duration: DURATION,
      serverPid: servery.child.pid,
    });
    return {
      rows,
      firstStartPeakMb,
      startedRssMb,
      afterReadsMb,
      peakRssMb: peakRssMb(servery.child.pid),
      orders: { database: 'PGlite (embedded)', order: prepared.summary, ...orders },
    };
  } finally {
    bare.kill();
    await stop(servery);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Placing orders on a fresh database of the PostgreSQL server at BENCH_PG_URL. */
async function benchPostgres(mailbox) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createBenchDatabase(adminUrl);
  if (database.skipped) return { database: 'PostgreSQL', skipped: database.skipped };
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-pg-'));
  let servery;
  try {
    servery = await startServery(dataDir, { databaseUrl: database.url, smtpUrl: mailbox.url });
    const startedRssMb = peakRssMb(servery.child.pid);
    const prepared = await prepareOrder(servery.url, mailbox);
    const orders = await loadOrders(servery.url, prepared, {
      duration: DURATION,
      serverPid: servery.child.pid,
      postgres: { adminUrl, database: database.database },
    });
    return {
      database: `PostgreSQL ${database.version.split(' ')[0]}`,
      order: prepared.summary,
      ...orders,
      startedRssMb,
      peakRssMb: peakRssMb(servery.child.pid),
    };
  } finally {
    if (servery) await stop(servery);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchApi() {
  // Sign-in codes come by e-mail, to this process.
  const mailbox = await startMailbox();
  try {
    const pglite = await benchPglite(mailbox);
    const postgres = await benchPostgres(mailbox);
    return {
      ...pglite,
      orders: [pglite.orders, postgres],
      duration: DURATION,
      connections: CONNECTIONS,
    };
  } finally {
    await mailbox.close();
  }
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim()}, Node.js ${process.version}, ${process.platform}`;
