// Servery and the bare node:http server side by side: each endpoint is loaded on one, then on
// the other, several rounds in a row, and each load records the rate and the CPU time the
// serving process spent on it. On a shared machine the rate moves with whatever else runs; the
// CPU time per request moves far less, and is what our per-request JavaScript costs.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, every thread) a process has used so far, from the kernel. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function load(url, { method, path }, { connections, seconds }) {
  return new Promise((resolve, reject) => {
    autocannon({ url: url + path, method, connections, duration: seconds }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** One load on one server: rate, p99, and CPU microseconds per answered request. */
async function measure(server, endpoint, options) {
  const before = cpuSeconds(server.pid);
  const result = await load(server.url, endpoint, options);
  const cpu = cpuSeconds(server.pid) - before;
  if (result.non2xx || result.errors) {
    throw new Error(`${endpoint.path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUsPerRequest: (cpu * 1e6) / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * `rounds` × (bare, Servery) for each endpoint, after a short warm-up of each (not counted).
 * `bare` and `servery` are { url, pid }. Ratios are of each round's pair; the figures given
 * for an endpoint are the medians over its rounds.
 */
export async function measurePairs(bare, servery, endpoints, options) {
  const { rounds = 3, seconds = 10, connections = 50, warmupSeconds = 2 } = options;
  const rows = [];
  for (const endpoint of endpoints) {
    const warm = { connections, seconds: warmupSeconds };
    await measure(bare, endpoint, warm);
    await measure(servery, endpoint, warm);
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      const base = await measure(bare, endpoint, { connections, seconds });
      const ours = await measure(servery, endpoint, { connections, seconds });
      runs.push({
        bare: base,
        servery: ours,
        ratio: ours.rps / base.rps,
        cpuRatio: base.cpuUsPerRequest / ours.cpuUsPerRequest,
      });
    }
    const pick = (f) => median(runs.map(f));
    rows.push({
      endpoint: `${endpoint.method} ${endpoint.path}`,
      bareRps: Math.round(pick((r) => r.bare.rps)),
      bareP99: pick((r) => r.bare.p99),
      bareCpuUs: pick((r) => r.bare.cpuUsPerRequest),
      serveryRps: Math.round(pick((r) => r.servery.rps)),
      serveryP99: pick((r) => r.servery.p99),
      serveryCpuUs: pick((r) => r.servery.cpuUsPerRequest),
      ratio: pick((r) => r.ratio),
      ratios: runs.map((r) => r.ratio),
      cpuRatio: pick((r) => r.cpuRatio),
      cpuRatios: runs.map((r) => r.cpuRatio),
    });
  }
  return rows;
}
