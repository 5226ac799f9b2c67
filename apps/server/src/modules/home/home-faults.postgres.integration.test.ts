import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@servery/contract/clock';
import { ZHomeContent, type HomeContent } from '@servery/contract/home';
import { addCamden, importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { homeOver } from '../../../test/home-answer.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { adminQuery } from '../../../test/test-database.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { until } from '../../../test/until.ts';

// Decision 72's kept home answer (per shop date in the shop cache, replayed by the front door,
// cleared on every process by a change's NOTIFY) through PostgreSQL's faults: two processes on
// one database, the second read over HTTP as a browser reads it, and the LISTEN connections
// cut, every connection cut (a database restart), or a third process killed and started again.
// PostgreSQL only (a *.postgres.integration.test.ts file is collected when DATABASE_URL is
// set): PGlite has no connection to cut. The same on a sound database is in
// home-hours-changes.integration.test.ts. The server processes run on the real clock (a child
// process has no other), so the special days are set from today.
const doc = addCamden(makeTenantDocument());
const host = doc.hosts[0]!.host;
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let name = '';
let owner: StaffAgent;
let camdenId = '';
/** How many times the second process's shop cache was cleared whole (a NOTIFY, a reconnection). */
let cleared = 0;

beforeAll(async () => {
  servers = await twoProcesses();
  await importTestTenant(servers.first.db, doc);
  const found = (await servers.first.db.execute(
    sql`select current_database() as name`,
  )) as unknown as { rows: { name: string }[] };
  name = found.rows[0]!.name;
  owner = await staffAgent(servers.first.app, servers.first.db, doc, 'owner');
  const stores = (await servers.first.app.inject({ url: '/api/store', headers: { host } })).json()
    .data as { id: string; name: string }[];
  camdenId = stores.find((store) => store.name === 'Camden')!.id;
  servers.second.tenantCache.onDrop((tenantId) => {
    if (tenantId === undefined) cleared++;
  });
});
afterAll(async () => {
  await adminQuery(`alter database ${name} allow_connections true`).catch(() => {});
  await servers?.close();
});

/** The home answer the second process gives a browser. */
const onSecond = () => homeOver(servers.urls[1]!, host);
/** A date from today on the shop's clock. */
const fromToday = (days: number) => addDays(localDate(new Date(), 'Europe/London'), days);
const camdenClosedOn = (answer: HomeContent, date: string) =>
  Boolean(answer.openingChanges?.some((c) => c.store === 'Camden' && c.date === date && c.closed));

/** Camden's special days set through the first process (the Service screen's save). */
const setCamdenDays = (dates: string[]) =>
  servers.first.app.inject({
    method: 'PUT',
    url: `/api/admin/stores/${camdenId}/special-days`,
    headers: owner.headers,
    payload: { special_days: dates.map((date) => ({ date, closed: true, hours: [] })) },
  });

/** The second's answer once its cache was cleared after `mark` and the answer `shows` it. */
const seenOnSecondAfter = (mark: number, shows: (a: HomeContent) => boolean, what: string) =>
  until(async () => {
    if (cleared === mark) return undefined;
    const answer = await onSecond();
    return shows(answer) ? answer : undefined;
  }, what);

/** The second process answers from its kept copy: a second read is the front door's replay. */
async function keptOnSecond() {
  const kept = await onSecond();
  const replayed = servers.second.frontDoor.replayed;
  expect(await onSecond()).toEqual(kept);
  expect(servers.second.frontDoor.replayed).toBe(replayed + 1);
  return kept;
}

describe("the home answer's cache through database faults (PostgreSQL)", () => {
  it('a change made while the LISTEN connections were cut is seen once the second listens again', async () => {
    const day = fromToday(3);
    const kept = await keptOnSecond();
    expect(camdenClosedOn(kept, day)).toBe(false);

    // The first has a pooled connection open to write with; the LISTEN connections are cut and
    // cannot come back until the database takes new connections again, so the change's NOTIFY
    // reaches no one.
    await servers.first.db.execute(sql`select 1`);
    await servers.allowConnections(false);
    let mark: number;
    try {
      await servers.terminate('listen');
      const saved = await setCamdenDays([day]);
      expect(saved.statusCode, saved.body).toBe(200);
      // The second missed it: it still gives the answer it kept.
      expect(await onSecond()).toEqual(kept);
      mark = cleared;
    } finally {
      await servers.allowConnections(true);
    }
    // Listening again, it drops what it kept (a notice may have been missed): the change shows.
    const seen = await seenOnSecondAfter(
      mark,
      (answer) => camdenClosedOn(answer, day),
      "Camden's special day on the second once it listens again",
    );
    expect(seen.openingChanges?.filter((c) => c.store === 'Camden')).toHaveLength(1);

    // And the notices flow again: the day taken off on the first goes from the second.
    const again = cleared;
    expect((await setCamdenDays([])).statusCode).toBe(200);
    await seenOnSecondAfter(again, (answer) => !camdenClosedOn(answer, day), 'the day gone');
  });

  it('gives the kept answer while the database restarts, and a change after it reaches the second', async () => {
    const day = fromToday(4);
    const kept = await keptOnSecond();
    const down = cleared;
    await servers.allowConnections(false);
    try {
      // As a restart does: every connection of the database cut, and none taken for a while.
      await servers.terminate('both');
      // The home page still opens on the second, from what it kept.
      expect(await onSecond()).toEqual(kept);
    } finally {
      await servers.allowConnections(true);
    }
    // The second listens again: coming back, it drops what it kept.
    await until(() => (cleared > down ? true : undefined), 'the second listening again');
    await keptOnSecond();

    // The first's first request after the cut may find its pooled connection gone (a 503: the
    // manager taps Save again); the save is a PUT, the same when repeated.
    const mark = cleared;
    await until(
      async () => ((await setCamdenDays([day])).statusCode === 200 ? true : undefined),
      'the special day saved once the database is back',
    );
    await seenOnSecondAfter(
      mark,
      (answer) => camdenClosedOn(answer, day),
      "Camden's special day on the second after the restart",
    );
    expect((await setCamdenDays([])).statusCode).toBe(200);
  });

  it('a change through a process killed after it, and through the process started again, reach the others', async () => {
    const killed = await startServerProcess(name, owner.headers);
    let restarted: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      await keptOnSecond();
      // The killed process closes the shop through the Service screen's switch, then dies.
      const mark = cleared;
      const closing = await killed.patch('/api/admin/shop', { IsShopClosed: 1 });
      expect(closing.status, closing.body).toBe(200);
      expect(await killed.kill()).toBe('SIGKILL');
      const closed = await seenOnSecondAfter(
        mark,
        (answer) => answer.closedStores?.length === 1,
        'the closed shop on the second',
      );
      expect(closed.closedStores).toEqual([
        { main: true, text: "We're currently closed", message: 'Closed for the holidays' },
      ]);

      // Started again, on the same database: its home answer is the shop as it is now.
      restarted = await startServerProcess(name, owner.headers);
      const homeOnRestarted = async () =>
        ZHomeContent.strict().parse(JSON.parse((await restarted!.get('/api/home')).body).data);
      expect((await homeOnRestarted()).closedStores).toHaveLength(1);
      const keptSince = Date.now();
      // It listens: the shop opened again through the first reaches its kept answer. Its copy
      // lives 30 s, so seen before then it was cleared by the NOTIFY, not by its age.
      const opened = await servers.first.app.inject({
        method: 'PATCH',
        url: '/api/admin/shop',
        headers: owner.headers,
        payload: { IsShopClosed: 0 },
      });
      expect(opened.statusCode, opened.body).toBe(200);
      await until(
        async () => ((await homeOnRestarted()).closedStores?.length === 0 ? true : undefined),
        'the open shop on the restarted process',
        25_000 - (Date.now() - keptSince),
      );

      // It announces: Camden's special day saved through it reaches the second.
      const day = fromToday(5);
      const again = cleared;
      const put = await restarted.put(`/api/admin/stores/${camdenId}/special-days`, {
        special_days: [{ date: day, closed: true, hours: [] }],
      });
      expect(put.status, put.body).toBe(200);
      await seenOnSecondAfter(
        again,
        (answer) => camdenClosedOn(answer, day),
        'the day on the second',
      );
    } finally {
      await killed.kill();
      await restarted?.kill();
    }
  }, 240_000); // two server processes start, each compiled by tsx: slow on a busy machine
});
