// API throughput: Servery against a bare node:http server returning the same bytes, measured
// one after the other in one run on one machine (the load generator shares its cores).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePairs } from './api-pairs.mjs';
import { startMailbox } from './mailbox.mjs';
import { createBenchDatabase } from './bench-database.mjs';
import { loadOrders, prepareOrder } from './orders.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Rounds of (bare, Servery) per endpoint: the ratio given is their median. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ENDPOINTS = [
  { method: 'POST', path: '/api/loadconfig' },
  { method: 'GET', path: '/api/home' },
];

export function waitForLine(child) {
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
export async function startServery(
  dataDir,
  {
    databaseUrl = '',
    smtpUrl,
    nodeArgs = [],
    env = {},
    stdout = 'ignore',
    main = serverMain,
    port = 3900 + Math.floor(Math.random() * 90),
  } = {},
) {
  const child = spawn(process.execPath, [...nodeArgs, main], {
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
      ...env,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { child, url, pid: child.pid };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Servery did not start');
}

/** Servery's answers (status, headers but the per-connection ones, body) to each endpoint. */
export async function recordAnswers(url, endpoints) {
  const recorded = {};
  for (const endpoint of endpoints) {
    const res = await fetch(url + endpoint.path, { method: endpoint.method });
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
  return recorded;
}

/** The bare node:http server answering `recorded`; { child, url, pid }. */
export async function startBare(recorded, dir) {
  const routesFile = join(dir, 'routes.json');
  writeFileSync(routesFile, JSON.stringify(recorded));
  const child = spawn(process.execPath, ['bench/bare-server.mjs', routesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${await waitForLine(child)}`;
  return { child, url, pid: child.pid };
}

/** Peak resident memory of a process, from the kernel (Linux). */
function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const stop = async (server) => {
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
  const recorded = await recordAnswers(servery.url, endpoints);
  const bare = await startBare(recorded, dataDir);

  try {
    const rows = (
      await measurePairs(bare, servery, endpoints, {
        rounds: ROUNDS,
        seconds: DURATION,
        connections: CONNECTIONS,
      })
    ).map((row) => ({ ...row, bytes: recorded[row.endpoint].body.length }));
    bare.child.kill();
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
    bare.child.kill();
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
      rounds: ROUNDS,
    };
  } finally {
    await mailbox.close();
  }
}

/** architecture.md's budget for the hot reads against the bare server, and issue 19's goal. */
const MIN_RATIO = 0.6;
const RATIO_GOAL = 0.8;

/** The API section of bench/RESULTS.md. */
export function apiSection(api) {
  const fixed2 = (values) => values.map((v) => v.toFixed(2)).join(', ');
  const goal = (ratio) =>
    `${ratio.toFixed(2)}${ratio >= MIN_RATIO ? '' : ` (below ${MIN_RATIO})`}${ratio >= RATIO_GOAL || ratio < MIN_RATIO ? '' : ` (below the goal ${RATIO_GOAL})`}`;
  const table = [
    '| endpoint | body bytes | bare req/s | bare p99 ms | bare CPU µs/req | Servery req/s | Servery p99 ms | Servery CPU µs/req | ratio (rate) | rounds | ratio (CPU) | rounds |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
    ...api.rows.map(
      (r) =>
        `| ${r.endpoint} | ${r.bytes} | ${r.bareRps} | ${r.bareP99} | ${r.bareCpuUs.toFixed(1)} | ${r.serveryRps} | ${r.serveryP99} | ${r.serveryCpuUs.toFixed(1)} | ${goal(r.ratio)} | ${fixed2(r.ratios)} | ${goal(r.cpuRatio)} | ${fixed2(r.cpuRatios)} |`,
    ),
  ].join('\n');
  return `## API throughput against a bare node:http server

Servery runs from its build (\`NODE_ENV=production\`, logging at info, one line per request) on
the embedded database with the demo shop. The bare node:http server answers the status, headers
and bytes Servery answered, recorded at the start of the run, each body encoded once. Each
endpoint is loaded ${api.rounds} times on the bare server then on Servery, back to back, after a
2 s warm-up of each; the figures are the medians of those rounds. The load generator shares the
machine's cores with both, so only ratios within one run compare. "Ratio (rate)" is Servery's
requests per second over the bare server's; "ratio (CPU)" is the bare server's CPU time per request
over Servery's (user and system, from /proc), which moves far less with other work on the
machine. architecture.md asks for at least ${MIN_RATIO}; issue 19 aims at ${RATIO_GOAL}.

${table}
`;
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim()}, Node.js ${process.version}, ${process.platform}`;
