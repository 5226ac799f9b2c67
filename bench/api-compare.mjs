// Development aid: the API pairs of `npm run bench` alone, on a data directory kept between
// runs. `node bench/api-compare.mjs [seconds] [rounds]`; BENCH_DATA_DIR keeps the database,
// SERVERY_MAIN runs another build's main.js, BENCH_NODE_ARGS adds Node options to Servery (e.g. --cpu-prof), LOG_LEVEL as for Servery.
import { existsSync, mkdirSync } from 'node:fs';
import { recordAnswers, startBare, startServery, stop, useBuild } from './api.mjs';
import { measurePairs } from './api-pairs.mjs';

if (process.env.SERVERY_MAIN) useBuild(process.env.SERVERY_MAIN);
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const dataDir = process.env.BENCH_DATA_DIR ?? '/tmp/servery-api-compare';
if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const env = process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {};

const servery = await startServery(dataDir, { nodeArgs, env });
try {
  const stores = (await (await fetch(`${servery.url}/api/store`)).json()).data;
  const menuStore = stores.find((store) => store.menu_id);
  const endpoints = [
    { method: 'POST', path: '/api/loadconfig' },
    { method: 'GET', path: '/api/home' },
    { method: 'GET', path: `/api/menu/${menuStore.id}` },
  ].filter((e) => !process.env.ONLY || e.path.includes(process.env.ONLY));
  const recorded = await recordAnswers(servery.url, endpoints);
  const bare = await startBare(recorded, dataDir);
  try {
    const rows = await measurePairs(bare, servery, endpoints, { seconds, rounds });
    for (const r of rows) {
      console.log(
        `${r.endpoint.padEnd(60)} bare ${r.bareRps} req/s ${r.bareCpuUs.toFixed(1)} µs | servery ${r.serveryRps} req/s ${r.serveryCpuUs.toFixed(1)} µs | ratio ${r.ratio.toFixed(2)} [${r.ratios.map((x) => x.toFixed(2)).join(' ')}] cpu ratio ${r.cpuRatio.toFixed(2)} [${r.cpuRatios.map((x) => x.toFixed(2)).join(' ')}]`,
      );
    }
  } finally {
    bare.child.kill();
  }
} finally {
  await stop(servery);
}
