// API throughput: Servery against a bare node:http server returning the same bytes, measured
// one after the other in one run on one machine (the load generator shares its cores).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

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

export async function startServery(dataDir) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
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

export async function benchApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-bench-'));
  // First start creates the embedded database and seeds the demo shop; the load runs against a
  // restart on that directory, as a deployed server runs.
  const first = await startServery(dataDir);
  const firstStartPeakMb = peakRssMb(first.child.pid);
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.once('exit', r));
  const servery = await startServery(dataDir);
  const startedRssMb = peakRssMb(servery.child.pid);
  const recorded = {};
  for (const endpoint of ENDPOINTS) {
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
    for (const endpoint of ENDPOINTS) {
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
    return {
      rows,
      firstStartPeakMb,
      startedRssMb,
      peakRssMb: peakRssMb(servery.child.pid),
      duration: DURATION,
      connections: CONNECTIONS,
    };
  } finally {
    bare.kill();
    servery.child.kill('SIGTERM');
    await new Promise((r) => servery.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim()}, Node.js ${process.version}, ${process.platform}`;
