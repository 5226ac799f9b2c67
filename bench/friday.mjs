// A Friday service (issue 33): two Servery processes on one fresh PostgreSQL database, four staff
// boards open on the desk's live events (two on each process), the outbox sending each order's
// confirmation through the log transport, customers placing cash collection orders on the clock
// and staff accepting each a little later, the rate stepped up until p99 passes 200 ms. Every
// step says what an order cost each process in CPU; a CPU profile of both processes over the
// load window says which part of the server spent it. Measured, not asserted.
import { createServer } from 'node:net';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { startServery } from './api.mjs';
import { createBenchDatabase } from './bench-database.mjs';
import { ACCEPT_DELAY_MS, runSteps } from './friday-load.mjs';
import { statementStats } from './friday-statements.mjs';
import { floorSteps } from './friday-floor.mjs';
import { profileParts } from './friday-profile.mjs';
import { addStaff, collectionOrder, signInCustomer } from './friday-setup.mjs';
import { logMailbox } from './log-mailbox.mjs';
import { openBoard, prepareShop, signInStaff, stop } from './staff-board.mjs';

export { fridaySection } from './friday-report.mjs';

const RATES = (process.env.FRIDAY_RATES ?? '10,20,50,100,200,300').split(',').map(Number);
const STEP_SECONDS = Number(process.env.FRIDAY_STEP_SECONDS ?? 12);
/** Where the steps stop; FRIDAY_P99_LIMIT_MS raises it to compare builds at the same rates. */
const P99_LIMIT_MS = Number(process.env.FRIDAY_P99_LIMIT_MS ?? 200);
const CUSTOMERS = 16;
/**
 * FRIDAY_WARMUP_SECONDS: a step at the first rate before the measured ones, not counted. A
 * process's first minute of orders also pays for compiling its code (V8's optimizing compiler
 * took 14 % of the servers' CPU in the first 100/s step, 3 % a minute later, under perf).
 */
export const WARMUP_SECONDS = Number(process.env.FRIDAY_WARMUP_SECONDS ?? 20);
/** FRIDAY_PROFILE_INTERVAL_US: a longer interval all but takes the profiler's own CPU out (decision 50). */
export const PROFILE_INTERVAL_US = Number(process.env.FRIDAY_PROFILE_INTERVAL_US ?? 1000);
/**
 * FRIDAY_PROFILE=off: no profiler and no statement counter in the servers, so the CPU per order
 * is the server's alone (each costs CPU of its own: the goal of issue 33 is read this way).
 */
export const PROFILING = process.env.FRIDAY_PROFILE !== 'off';
/**
 * FRIDAY_BOARDS_READ: what each board reads on an order event besides the stream, as the staff
 * application does. `named` (the default: the desk since decision 59) the orders the events
 * name; `all` (the desk before it) every open order again; `none` the stream alone.
 */
export const BOARDS_READ = process.env.FRIDAY_BOARDS_READ ?? 'named';
if (!['named', 'all', 'none'].includes(BOARDS_READ)) {
  throw new Error(`FRIDAY_BOARDS_READ is named, all or none, not ${BOARDS_READ}`);
}
const PROFILE = new URL('./profile-window.mjs', import.meta.url).pathname;
const STATEMENTS = new URL('./count-statements.mjs', import.meta.url).pathname;

/**
 * Log transports for mail and texts: development settings, no SMTP or Twilio. Answers are
 * checked against the contract as production checks them (a sample, decision 60).
 */
const LOG_TRANSPORTS = {
  NODE_ENV: 'development',
  ANSWER_CHECK: 'sample',
  SMTP_URL: '',
  TWILIO_ACCOUNT_SID: '',
  TWILIO_AUTH_TOKEN: '',
  TWILIO_FROM: '',
  PROFILE_INTERVAL_US: String(PROFILE_INTERVAL_US),
};

/** A port nothing listens on now (the OS's pick), so no other server answers in our place. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** SQL statements both processes sent over the load window, per order answered (with its accept). */
async function statementsPerOrder(servers, dir, orders) {
  const total = new Map();
  for (const server of servers) {
    const file = await waitForFile(join(dir, `statements-${server.pid}.json`));
    for (const [text, count] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
      total.set(text, (total.get(text) ?? 0) + count);
    }
  }
  const per = (count) => Math.round((count / Math.max(1, orders)) * 100) / 100;
  const sum = [...total.values()].reduce((a, b) => a + b, 0);
  return {
    perOrder: per(sum),
    top: [...total]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([text, count]) => ({ text, perOrder: per(count) })),
  };
}

export async function waitForFile(file, ms = 30_000) {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (existsSync(file)) return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no profile was written to ${file}`);
}

/** The two processes on `database`, their stdout in `mailbox`'s files; pushed into `servers`. */
export async function startPair(serverMain, database, dir, mailbox, servers) {
  for (const name of ['a', 'b']) {
    mkdirSync(join(dir, name));
    servers.push(
      await startServery(join(dir, name), {
        main: serverMain,
        port: await freePort(),
        databaseUrl: database.url,
        // FRIDAY_IMPORT: one more module preloaded into both servers (a development aid).
        nodeArgs: [
          ...(PROFILING ? ['--import', PROFILE, '--import', STATEMENTS] : []),
          ...(process.env.FRIDAY_IMPORT ? ['--import', process.env.FRIDAY_IMPORT] : []),
        ],
        env: { ...LOG_TRANSPORTS, PROFILE_DIR: dir },
        stdout: mailbox.fileFor(name),
      }),
    );
  }
}

/**
 * The customers, their order, and the four boards (0 and 1 on the first process, 2 and 3 on
 * the second), pushed into `boards`; an order placed on one process is accepted on the other.
 */
async function openService(servers, staff, mailbox, boards) {
  const tokens = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    tokens.push(await signInCustomer(servers[i % 2].url, mailbox));
  }
  const order = await collectionOrder(servers[0].url, tokens[0]);
  const cookies = [];
  for (let i = 0; i < 4; i++) {
    const server = servers[i < 2 ? 0 : 1];
    cookies.push(await signInStaff(server.url, mailbox, staff[i]));
    boards.push(
      openBoard(server.url, cookies[i], { refetch: BOARDS_READ === 'none' ? null : BOARDS_READ }),
    );
  }
  await Promise.all(boards.map((b) => b.ready));
  const accepters = [
    { server: servers[1], board: boards[2], cookie: cookies[2] },
    { server: servers[0], board: boards[0], cookie: cookies[0] },
  ];
  let note = 0;
  const nextOrder = (n) => ({
    token: tokens[n % tokens.length],
    body: { ...order.body, notes: `Friday ${(note += 1)}` },
  });
  return { order, accepters, nextOrder };
}

/** Each process's profile of the window, by part; copied to FRIDAY_KEEP_PROFILES when set. */
async function profilesOf(servers, dir, serverMain, label) {
  const profiles = [];
  for (const server of servers) {
    const file = await waitForFile(join(dir, `window-${server.pid}.cpuprofile`));
    profiles.push(profileParts(file, pathToFileURL(serverMain).href));
    const keep = process.env.FRIDAY_KEEP_PROFILES;
    if (keep)
      copyFileSync(file, join(keep, `${label.replace(/\W+/g, '-')}-${server.pid}.cpuprofile`));
  }
  return profiles;
}

/** PostgreSQL's statistics of the bench database brought up to date (ANALYZE). */
async function analyse(database) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Two processes, boards, customers; the steps; the profiles. `label` names the build. */
async function serviceOn(serverMain, label, adminUrl) {
  const database = await createBenchDatabase(adminUrl);
  if (database.skipped) return { label, skipped: database.skipped };
  const dir = mkdtempSync(join(tmpdir(), 'servery-bench-friday-'));
  const mailbox = logMailbox(dir);
  const servers = [];
  const boards = [];
  let sqlTimes;
  try {
    const first = `friday-board-0-${Date.now()}@tandoor-lane.test`;
    await prepareShop(serverMain, { dataDir: dir, databaseUrl: database.url, email: first });
    const staff = [first, ...(await addStaff(serverMain, database.url, 3))];
    await startPair(serverMain, database, dir, mailbox, servers);
    const { order, accepters, nextOrder } = await openService(servers, staff, mailbox, boards);
    // The warm-up: a service that has run since lunch, its code compiled (not counted).
    if (WARMUP_SECONDS > 0) {
      await runSteps({
        ...{ servers, boards, accepters, order: nextOrder },
        ...{ rates: RATES.slice(0, 1), seconds: WARMUP_SECONDS, p99LimitMs: Infinity },
      });
    }
    // A service since lunch has had its tables analysed by autovacuum (its first look comes a
    // minute after the rows do): without it, plans are chosen on a new table's guesses.
    await analyse(database);
    sqlTimes = await statementStats(database);
    // SIGUSR2 starts and stops the preloaded profiler and statement counter.
    if (PROFILING) for (const server of servers) server.child.kill('SIGUSR2');
    const steps = await runSteps({
      ...{ servers, boards, accepters, order: nextOrder },
      ...{ rates: RATES, seconds: STEP_SECONDS, p99LimitMs: P99_LIMIT_MS },
      statements: sqlTimes.unavailable ? undefined : sqlTimes,
    });
    if (PROFILING) for (const server of servers) server.child.kill('SIGUSR2');
    const profiles = PROFILING ? await profilesOf(servers, dir, serverMain, label) : null;
    const orders = steps.reduce((sum, step) => sum + step.answered, 0);
    return {
      label,
      statements: PROFILING ? await statementsPerOrder(servers, dir, orders) : null,
      database: `PostgreSQL ${database.version.split(' ')[0]}`,
      order: { store: order.storeName, lines: order.body.lines.length, total: order.total },
      floorLoad: { orderBody: order.body, answer: order.answer },
      steps,
      sqlTimesUnavailable: sqlTimes.unavailable ?? null,
      profiles,
      boardReconnects: boards.map((b) => b.reconnects),
      boardsRead: BOARDS_READ,
    };
  } finally {
    await sqlTimes?.close?.();
    await closeService({ boards, servers, mailbox, database, dir });
  }
}

/** A run's boards, processes, mailbox, database and directory closed, whatever it came to. */
export async function closeService({ boards, servers, mailbox, database, dir }) {
  await Promise.all(boards.map((b) => b.close()));
  for (const server of servers) await stop(server);
  mailbox.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}

/** The PostgreSQL server the benches make their databases on. */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `run(main, label, adminUrl)` on each build in turn; a build that fails is reported, the next runs. */
export async function eachBuild(builds, run) {
  const runs = [];
  for (const build of builds) {
    try {
      runs.push(await run(build.main, build.label, ADMIN_URL));
    } catch (error) {
      console.error(error);
      runs.push({ label: build.label, failure: error.message });
    }
  }
  return runs;
}

/**
 * The Friday service on each build given (`{ label, main }`), one after the other in one run,
 * each on a fresh database: a change is measured before and after on the same machine.
 */
export async function benchFriday({ builds }) {
  const runs = await eachBuild(builds, serviceOn);
  const load = runs.find((run) => run.floorLoad)?.floorLoad;
  // FRIDAY_FLOOR=off: no floor and no skeleton (their steps take as long as a build's).
  let floor = null;
  if (load && process.env.FRIDAY_FLOOR !== 'off') {
    try {
      floor = await floorSteps({
        rates: RATES,
        seconds: STEP_SECONDS,
        ...load,
        databaseUrl: ADMIN_URL,
      });
    } catch (error) {
      // The builds' figures stand without it.
      console.error('the floor was not measured:', error);
    }
  }
  return {
    runs,
    floor,
    rates: RATES,
    stepSeconds: STEP_SECONDS,
    p99LimitMs: P99_LIMIT_MS,
    customers: CUSTOMERS,
    acceptDelayMs: ACCEPT_DELAY_MS,
    warmupSeconds: WARMUP_SECONDS,
    profileIntervalUs: PROFILING ? PROFILE_INTERVAL_US : null,
  };
}
