// A quiet Friday (issue 33): the Friday service's two processes on one fresh PostgreSQL
// database, the demo shop in, and no orders at all, first with no board open and then with the
// four staff boards of bench/friday.mjs. What the processes cost doing nothing is the constant
// the Friday bench spreads over its orders (CPU per order falls as the rate rises): each
// process's CPU, PostgreSQL's CPU in the backends of this database, the SQL statements sent and
// the connections opened, over a window of its own, and a CPU profile of each process by part.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createBenchDatabase } from './bench-database.mjs';
import { cpuSeconds } from './cpu-and-waits.mjs';
import { PROFILE_INTERVAL_US, closeService, eachBuild, startPair, waitForFile } from './friday.mjs';
import { profileParts } from './friday-profile.mjs';
import { addStaff } from './friday-setup.mjs';
import { logMailbox } from './log-mailbox.mjs';
import { openBoard, prepareShop, signInStaff } from './staff-board.mjs';

const WINDOW_SECONDS = Number(process.env.FRIDAY_IDLE_SECONDS ?? 60);
/** The window after it with statements counted and a CPU profile taken. */
const PROFILE_SECONDS = Number(process.env.FRIDAY_IDLE_PROFILE_SECONDS ?? 30);
/** After the start, or after the boards opened: sign-in codes sent, caches filled. */
const SETTLE_SECONDS = 15;
const BOARDS = 4;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const perMinute = (value, seconds) => Math.round((value * 60 * 100) / seconds) / 100;

/**
 * PostgreSQL's CPU in the backends of `database` (the servers' pool and LISTEN connections),
 * from /proc, polled each second: a backend born in the window counts from nought, one that
 * ends in it counts to its last poll. Also the connections opened in the window.
 */
function backendCpu(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  const seen = new Map();
  let timer;
  let started;
  let opened = 0;
  const ticksOf = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const poll = async () => {
    const { rows } = await client.query(
      'select pid, backend_start from pg_stat_activity where datname = $1',
      [database],
    );
    for (const row of rows) {
      const ticks = ticksOf(row.pid);
      if (ticks === null) continue;
      const known = seen.get(row.pid);
      if (known) known.last = ticks;
      else {
        const born = row.backend_start >= started;
        if (born) opened += 1;
        seen.set(row.pid, { first: born ? 0 : ticks, last: ticks });
      }
    }
  };
  return {
    async start() {
      await client.connect();
      started = new Date();
      await poll();
      timer = setInterval(() => void poll().catch(() => {}), 1000);
    },
    async stop() {
      clearInterval(timer);
      await poll();
      await client.end();
      let ticks = 0;
      for (const { first, last } of seen.values()) ticks += last - first;
      return { seconds: ticks / 100, opened };
    },
  };
}

/** Statements both processes sent over the window, by text, and the files removed. */
function statementsOf(files) {
  const total = new Map();
  for (const file of files) {
    for (const [text, count] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      total.set(text, (total.get(text) ?? 0) + count);
    }
    rmSync(file);
  }
  return total;
}

/** CPU of both processes and of their PostgreSQL backends over `windowSeconds`. */
async function cpuWindow({ servers, database }, windowSeconds) {
  const postgres = backendCpu(database.adminUrl, database.database);
  await postgres.start();
  const before = servers.map((s) => cpuSeconds([s.pid]));
  const startedAt = performance.now();
  await sleep(windowSeconds * 1000);
  const after = servers.map((s) => cpuSeconds([s.pid]));
  const seconds = (performance.now() - startedAt) / 1000;
  const backends = await postgres.stop();
  return {
    seconds: Math.round(seconds),
    serverCpuPerMinute: servers.map((_, i) => perMinute(after[i] - before[i], seconds)),
    postgresCpuPerMinute: perMinute(backends.seconds, seconds),
    connectionsPerMinute: perMinute(backends.opened, seconds),
  };
}

/**
 * One quiet state over both processes: first a window of CPU alone (the profiler's sampling
 * thread costs a process CPU of its own, more than the quiet server does), then a window with
 * the statements counted and the CPU profiled.
 */
async function quietWindow(context) {
  const { servers, dir, serverMain, boards } = context;
  const cpu = await cpuWindow(context, WINDOW_SECONDS);
  for (const server of servers) server.child.kill('SIGUSR2');
  const profiled = await cpuWindow(context, PROFILE_SECONDS);
  for (const server of servers) server.child.kill('SIGUSR2');
  const seconds = profiled.seconds;
  const profiles = [];
  const files = [];
  for (const server of servers) {
    const profile = await waitForFile(join(dir, `window-${server.pid}.cpuprofile`));
    profiles.push(profileParts(profile, pathToFileURL(serverMain).href));
    const keep = process.env.FRIDAY_KEEP_PROFILES;
    if (keep) {
      const name = `idle-${boards}-boards-${server.pid}.cpuprofile`;
      copyFileSync(profile, join(keep, name));
    }
    rmSync(profile);
    files.push(await waitForFile(join(dir, `statements-${server.pid}.json`)));
  }
  const statements = statementsOf(files);
  const sum = [...statements.values()].reduce((a, b) => a + b, 0);
  return {
    boards,
    ...cpu,
    profiledServerCpuPerMinute: profiled.serverCpuPerMinute,
    statementsPerMinute: perMinute(sum, seconds),
    topStatements: [...statements]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([text, count]) => ({ text, perMinute: perMinute(count, seconds) })),
    profiles,
  };
}

/** One build: no board, then four; on a fresh database of its own. */
async function quietOn(serverMain, label, adminUrl) {
  const database = await createBenchDatabase(adminUrl);
  if (database.skipped) return { label, skipped: database.skipped };
  const dir = mkdtempSync(join(tmpdir(), 'servery-bench-friday-idle-'));
  const mailbox = logMailbox(dir);
  const servers = [];
  const open = [];
  try {
    const first = `friday-board-0-${Date.now()}@tandoor-lane.test`;
    await prepareShop(serverMain, { dataDir: dir, databaseUrl: database.url, email: first });
    const staff = [first, ...(await addStaff(serverMain, database.url, BOARDS - 1))];
    await startPair(serverMain, database, dir, mailbox, servers);
    const windows = [];
    // The start's garbage is collected in the first half minute or so.
    await sleep(2 * SETTLE_SECONDS * 1000);
    const context = { servers, database, dir, serverMain };
    windows.push(await quietWindow({ ...context, boards: 0 }));
    // The boards as the Friday bench opens them: two on each process.
    for (let i = 0; i < BOARDS; i++) {
      const server = servers[i < BOARDS / 2 ? 0 : 1];
      open.push(openBoard(server.url, await signInStaff(server.url, mailbox, staff[i])));
    }
    await Promise.all(open.map((b) => b.ready));
    await sleep(SETTLE_SECONDS * 1000);
    windows.push(await quietWindow({ ...context, boards: BOARDS }));
    return {
      label,
      database: `PostgreSQL ${database.version.split(' ')[0]}`,
      windows,
      boardReconnects: open.map((b) => b.reconnects),
    };
  } finally {
    await closeService({ boards: open, servers, mailbox, database, dir });
  }
}

/** The quiet service on each build given (`{ label, main }`), one after the other in one run. */
export async function benchFridayIdle({ builds }) {
  return {
    runs: await eachBuild(builds, quietOn),
    windowSeconds: WINDOW_SECONDS,
    profileSeconds: PROFILE_SECONDS,
    settleSeconds: SETTLE_SECONDS,
    profileIntervalUs: PROFILE_INTERVAL_US,
  };
}

const sum = (values) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

/** The section of bench/RESULTS.md. */
export function fridayIdleSection(measured, header, title) {
  const rows = [];
  const notes = [];
  for (const run of measured.runs) {
    if (run.skipped || run.failure) {
      rows.push(`| ${run.label} | not measured: ${run.skipped ?? run.failure} | | | | | | |`);
      continue;
    }
    for (const w of run.windows) {
      rows.push(
        `| ${run.label} | ${w.boards} | ${w.serverCpuPerMinute.join(' + ')} = ${sum(w.serverCpuPerMinute)} | ${w.postgresCpuPerMinute} | ${w.statementsPerMinute} | ${w.connectionsPerMinute} | ${w.profiledServerCpuPerMinute.join(' + ')} | ${w.profiles.map((p) => p.busySeconds).join(' + ')} |`,
      );
      const top = w.topStatements.map((t) => `${t.perMinute} × \`${t.text}\``).join('; ');
      const parts = w.profiles
        .map(
          (p, i) =>
            `process ${i + 1}: ${Object.entries(p.shares)
              .filter(([, share]) => share > 0)
              .map(([part, share]) => `${part} ${share} %`)
              .join(', ')}`,
        )
        .join('; ');
      notes.push(
        `- ${run.label}, ${w.boards} boards: statements a minute, most sent: ${top || 'none'}.`,
        `  Busy samples by part: ${parts}.`,
      );
    }
  }
  return `## ${title}

${header}Two production servers on one fresh PostgreSQL database with the demo shop imported, as the
Friday bench starts them (the outbox on the log transport), and no order placed: a window of
${measured.windowSeconds} s with no board open, then one with the Friday bench's four staff boards (two on each
process), each after ${measured.settleSeconds} s to settle. This is the constant the Friday bench spreads over its
orders. CPU is from /proc, in CPU-seconds a minute: each server process, and PostgreSQL's
backends of this database (polled each second; the LISTEN connections included). Statements are
those the servers sent through \`pg\` (bench/count-statements.mjs); connections are the backends
the servers opened in the window. Statements and the profile (${measured.profileIntervalUs} µs sampling) come from a
second window of ${measured.profileSeconds} s right after, with each process's CPU under the profiler beside them: the
profiler's sampling costs a process more CPU than the quiet server does, so the first window has
none.

| build | boards | server CPU s/min (process 1 + 2) | PostgreSQL CPU s/min | statements/min | connections opened/min | server CPU s/min under the profiler | profiled busy s |
|---|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

${notes.join('\n')}
`;
}
