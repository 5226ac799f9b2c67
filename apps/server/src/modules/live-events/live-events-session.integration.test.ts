import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { addStaff, signInStaff, staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { MAX_UNSENT_BYTES } from './event-stream.ts';
import { recordLiveEvent } from './live-events.repository.ts';

// Issue 27, point 3: a stream follows its session on every process, and cannot pile up.
const base = makeTenantDocument();
const shop = {
  ...base,
  stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second' }],
};
const logLines: { level: number; msg: string }[] = [];
const logger = {
  level: 'info',
  stream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
};
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let owner: StaffAgent;
let tenantId: string;
let mainId: string;
let secondId: string;

beforeAll(async () => {
  servers = await twoProcesses({ logger });
  await importTestTenant(servers.first.db, shop);
  tenantId = (await findTenantBySlug(servers.first.db, shop.slug))!.id;
  const stores = await storesOfTenant(servers.first.db, tenantId);
  mainId = stores.find((s) => s.slug === 'main')!.id;
  secondId = stores.find((s) => s.slug === 'second')!.id;
  owner = await staffAgent(servers.first.app, servers.first.db, shop, 'owner');
});
afterAll(async () => {
  await servers.close();
});

const host = shop.hosts[0]!.host;
/** The change, made through the first process. */
const asOwner = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
  servers.first.app.inject({
    method,
    url,
    headers: owner.headers,
    ...(payload ? { payload } : {}),
  });

/** A board on process `at` (0 or 1), told it is ready, and a promise of its end. */
async function readyBoard(agent: StaffAgent, at: number, lastEventId?: number) {
  const board = openBoard(servers.urls[at]!, agent, lastEventId);
  const response = await board.opened;
  const ended = new Promise<void>((resolve) => response.once('close', () => resolve()));
  if (lastEventId === undefined) await board.waitFor((f) => f.event === 'ready', 10_000);
  return { ...board, ended };
}

async function staffIdOf(agent: StaffAgent): Promise<string> {
  const answer = await servers.first.app.inject({
    url: '/api/admin/session',
    headers: agent.headers,
  });
  return answer.json().data.staff.id as string;
}

const record = (storeId: string | null, entityId: string) =>
  recordLiveEvent(servers.first.db, { tenantId, storeId, kind: 'order.status', entityId });

describe('a staff stream follows its session', () => {
  it("ends on every process when its session signs out, and not another session's", async () => {
    const email = await addStaff(servers.first.db, shop.slug, 'staff', { stores: ['main'] });
    const phone = await signInStaff(servers.first.app, servers.first.db, host, email);
    const tablet = await signInStaff(servers.first.app, servers.first.db, host, email);
    const boards = [await readyBoard(phone, 0), await readyBoard(phone, 1)];
    const other = await readyBoard(tablet, 1);
    const out = await servers.first.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: phone.headers,
    });
    expect(out.statusCode).toBe(200);
    await Promise.all(boards.map((b) => b.ended));
    await record(mainId, 'after-sign-out');
    await other.waitFor((f) => f.data?.includes('after-sign-out') ?? false);
    other.close();
  });

  it('ends when the person is removed, and they cannot open another', async () => {
    const leaver = await staffAgent(servers.first.app, servers.first.db, shop, 'staff');
    const boards = [await readyBoard(leaver, 0), await readyBoard(leaver, 1)];
    const removed = await asOwner('DELETE', `/api/admin/staff/${await staffIdOf(leaver)}`);
    expect(removed.statusCode).toBe(200);
    await Promise.all(boards.map((b) => b.ended));
    const again = openBoard(servers.urls[1]!, leaver);
    expect((await again.opened).statusCode).toBe(401);
    again.close();
  });

  it('ends when the person is given other stores, and the new one sees only those', async () => {
    const cook = await staffAgent(servers.first.app, servers.first.db, shop, 'staff', {
      stores: ['main'],
    });
    const board = await readyBoard(cook, 1);
    const moved = await asOwner('PATCH', `/api/admin/staff/${await staffIdOf(cook)}`, {
      store_ids: [secondId],
    });
    expect(moved.statusCode).toBe(200);
    await board.ended;
    const next = await readyBoard(cook, 1);
    await record(mainId, 'for-main');
    await record(secondId, 'for-second');
    await next.waitFor((f) => f.data?.includes('for-second') ?? false);
    expect(next.frames.some((f) => f.data?.includes('for-main'))).toBe(false);
    next.close();
  });

  it('refuses an eleventh stream of one session with 429', async () => {
    const busy = await staffAgent(servers.first.app, servers.first.db, shop, 'staff');
    const boards = [];
    for (let i = 0; i < 10; i++) boards.push(await readyBoard(busy, 1));
    const eleventh = await servers.second.inject({
      url: '/api/admin/events',
      headers: busy.headers,
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      status: 429,
      message:
        'This session already has 10 live streams open. Close another tab or window of the staff application, then reload this one.',
      data: null,
    });
    for (const board of boards) board.close();
    // Once they are closed, the session may open one again.
    await until(async () => {
      const board = openBoard(servers.urls[1]!, busy);
      const status = (await board.opened).statusCode;
      board.close();
      return status === 200 ? true : undefined;
    }, 'a stream again');
  });
});

describe('a stream that is not read', () => {
  it('is closed past the bound, and its board replays what it missed from Last-Event-ID', async () => {
    const response = await new Promise<IncomingMessage>((resolve) => {
      const req = httpRequest(`${servers.urls[1]}/api/admin/events`, {
        headers: { host: owner.host, cookie: owner.cookie },
      });
      req.on('response', resolve);
      req.on('error', () => {});
      req.end();
    });
    const closed = new Promise((resolve) => response.once('close', resolve));
    response.on('error', () => {});
    // The board reads up to its ready frame, then stops reading (a sleeping tablet).
    let text = '';
    response.setEncoding('utf8');
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: ready')) {
          response.pause();
          resolve();
        }
      });
    });
    const readyId = Number(/id: (\d+)\nevent: ready/.exec(text)![1]);
    const big = 'x'.repeat(256 * 1024);
    const ids: string[] = [];
    for (let i = 0; i < 48; i++) ids.push(String(await record(mainId, `${i}-${big}`)));
    expect(48 * big.length).toBeGreaterThan(MAX_UNSENT_BYTES * 16);
    await until(
      () =>
        logLines.some((l) => l.msg === 'live stream closed: the browser is not reading')
          ? true
          : undefined,
      'the stream closed',
    );
    await closed;
    // The browser reconnects with the last id it had: the replay brings everything, once.
    const resumed = openBoard(servers.urls[1]!, owner, readyId);
    await resumed.waitFor((f) => f.id === ids.at(-1), 30_000);
    expect(resumed.frames.filter((f) => f.event === 'order.status').map((f) => f.id)).toEqual(ids);
    resumed.close();
  });
});

describe('a normal stop', () => {
  it('ends open streams without an error in the log', async () => {
    const stopping = await servers.another();
    const board = openBoard(stopping.url, owner);
    const response = await board.opened;
    const ended = new Promise<void>((resolve) => response.once('close', () => resolve()));
    await board.waitFor((f) => f.event === 'ready', 10_000);
    const before = logLines.length;
    await stopping.close();
    await ended;
    expect(logLines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });
});
