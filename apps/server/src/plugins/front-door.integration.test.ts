import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreMenu } from '@servery/contract/menu';
import { openServiceShop, useServiceApp } from '../../test/service-shop.ts';
import { secondProcess } from '../../test/test-app.ts';
import { until } from '../../test/until.ts';

// Decision 29: the front door replays the busiest reads before the framework. Over real HTTP
// (app.inject never reaches the server's request event): a replay must be the framework's own
// answer again, byte for byte but the request id, and never outlive what it replays.
const service = useServiceApp();
// A second process on the same database, listening, with its log lines kept.
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  second = await secondProcess(service.ctx, {
    now: service.now,
    logger: { level: 'info', stream: log },
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
});
afterAll(() => second.close());

interface RawAnswer {
  status: number;
  /** Header lines in the order sent, names lower-cased; `date` left out. */
  headers: [string, string][];
  body: string;
}

/** One request over HTTP to the second process, with the answer's header lines in order. */
function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  base = secondUrl,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (name !== 'date') pairs.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({
          status: res.statusCode!,
          headers: pairs,
          body: Buffer.concat(chunks).toString(),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const requestId = (answer: RawAnswer) =>
  answer.headers.find(([name]) => name === 'x-request-id')?.[1];
const withoutRequestId = (answer: RawAnswer) => ({
  ...answer,
  headers: answer.headers.map(([name, value]) => [name, name === 'x-request-id' ? '…' : value]),
});

describe('the front door', () => {
  it('replays the configuration, home page, menu and dish as the framework sent them', async () => {
    const shop = await openServiceShop(service.ctx);
    const reads = [
      ['POST', '/api/loadconfig'],
      ['GET', '/api/loadconfig'],
      ['GET', '/api/home'],
      ['GET', `/api/menu/${shop.storeId}`],
      ['GET', `/api/menu/item/${shop.dish['Garlic naan']}`],
    ] as const;
    for (const [method, path] of reads) {
      const before = second.frontDoor.replayed;
      const framework = await call(method, path, { host: shop.host });
      expect(second.frontDoor.replayed, `${method} ${path}, first`).toBe(before);
      const replayed = await call(method, path, { host: shop.host });
      expect(second.frontDoor.replayed, `${method} ${path}, again`).toBe(before + 1);

      expect(framework.status).toBe(200);
      expect(withoutRequestId(replayed)).toEqual(withoutRequestId(framework));
      expect(requestId(replayed)).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestId(replayed)).not.toBe(requestId(framework));

      // The log line: the same fields in the same order, the request id its own.
      const [first, again] = lines.filter((l) => l.url === path && l.method === method).slice(-2);
      const shape = (line: Record<string, unknown>) => ({ ...line, reqId: '…', time: 0, ms: 0 });
      expect(Object.keys(again!)).toEqual(Object.keys(first!));
      expect(shape(again!)).toEqual(shape(first!));
      expect(again!.reqId).toBe(requestId(replayed));
    }
  });

  it('leaves to the framework what it could answer otherwise, which answers as before', async () => {
    const shop = await openServiceShop(service.ctx);
    const host = shop.host;
    const kept = await call('GET', '/api/home', { host });
    const etag = kept.headers.find(([name]) => name === 'etag')![1];
    const before = second.frontDoor.replayed;

    const conditional = await call('GET', '/api/home', { host, 'if-none-match': etag });
    expect(conditional.status).toBe(304);
    expect(conditional.body).toBe('');
    const withQuery = await call('GET', '/api/home?utm_source=flyer', { host });
    expect(withoutRequestId(withQuery)).toEqual(withoutRequestId(kept));
    const head = await call('HEAD', '/api/home', { host });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    // A body the framework refuses: its own 400, never the kept configuration.
    await call('POST', '/api/loadconfig', { host });
    const broken = await call(
      'POST',
      '/api/loadconfig',
      { host, 'content-type': 'application/json' },
      '{"not json',
    );
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ status: 400 });
    const typed = await call('POST', '/api/loadconfig', { host, 'content-type': 'text/plain' });
    expect(typed.status).toBe(200);
    expect(second.frontDoor.replayed).toBe(before);

    // A replay keeps the caller's own request id, as the framework does.
    const traced = await call('GET', '/api/home', { host, 'x-request-id': 'trace-4711' });
    expect(second.frontDoor.replayed).toBe(before + 1);
    expect(requestId(traced)).toBe('trace-4711');
  });

  it('never replays what another process changed since', async () => {
    const { host, storeId, dish, admin } = await openServiceShop(service.ctx);
    const soldOut = async () => {
      const answer = await call('GET', `/api/menu/${storeId}`, { host });
      const menu = (JSON.parse(answer.body) as { data: StoreMenu }).data;
      return menu.categories.flatMap((c) => c.items).find((i) => i.id === dish['Garlic naan'])!
        .sold_out;
    };
    expect(await soldOut()).toBe(false);
    expect(await soldOut()).toBe(false);
    const replays = second.frontDoor.replayed;
    expect(replays).toBeGreaterThan(0);

    // Sold out through the first process: its NOTIFY clears the second's shop cache.
    const res = await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'today',
    });
    expect(res.statusCode).toBe(200);
    await until(
      async () => ((await soldOut()) ? true : undefined),
      'the dish sold out on the second process',
    );
    // Replayed again from then on, with the new answer.
    const from = second.frontDoor.replayed;
    expect(await soldOut()).toBe(true);
    expect(second.frontDoor.replayed).toBe(from + 1);
  });

  it('gives a dish sold out "today" back at the next opening, on the clock', async () => {
    const { host, dish, admin } = await openServiceShop(service.ctx);
    service.setClock('2026-11-17T12:00:00Z');
    await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
      sold_out: 'today',
    });
    const soldOut = async () => {
      const answer = await call('GET', `/api/menu/item/${dish['Garlic naan']}`, { host });
      return (JSON.parse(answer.body) as { data: { sold_out: boolean } }).data.sold_out;
    };
    await until(async () => ((await soldOut()) ? true : undefined), 'the dish sold out');
    service.setClock('2026-11-18T10:59:00Z');
    expect(await soldOut()).toBe(true);
    expect(await soldOut()).toBe(true);
    // The store opens at 11:00: the kept answer ends there, replayed or not.
    service.setClock('2026-11-18T11:00:00Z');
    expect(await soldOut()).toBe(false);
  });
  it("drops a shop's answers the moment its own process changes it", async () => {
    const { host, storeId, dish, manager } = await openServiceShop(service.ctx);
    const itemPath = `/api/menu/item/${dish['Garlic naan']}`;
    await call('GET', itemPath, { host });
    await call('GET', `/api/menu/${storeId}`, { host });
    const kept = second.frontDoor.kept.answers;
    // Sold out through the listening process itself: its answer is the change's, and the very
    // next read (no NOTIFY waited for) is the new menu.
    const changed = await second.inject({
      method: 'POST',
      url: `/api/admin/items/${dish['Garlic naan']}/availability`,
      headers: manager.headers,
      payload: { sold_out: 'indefinitely' },
    });
    expect(changed.statusCode).toBe(200);
    expect(second.frontDoor.kept.answers).toBeLessThanOrEqual(kept - 2);
    const item = await call('GET', itemPath, { host });
    expect(JSON.parse(item.body).data.sold_out).toBe(true);
  });

  it('keeps one spelling of each request, and leaves bodies and other spellings to the framework', async () => {
    const { host } = await openServiceShop(service.ctx);
    await call('POST', '/api/loadconfig', { host });
    const kept = second.frontDoor.kept.answers;
    const before = second.frontDoor.replayed;
    // A body without a type, and a chunked one: the framework's own refusals.
    const sized = await call('POST', '/api/loadconfig', { host, 'content-length': '5' }, 'hello');
    expect(sized.status).toBe(415);
    const chunked = await call(
      'POST',
      '/api/loadconfig',
      { host, 'transfer-encoding': 'chunked' },
      'hello',
    );
    expect(chunked.status).toBe(415);
    // Other spellings of the same host and path answer the same, but are not kept.
    for (const spelling of [host.toUpperCase(), `${host}.`, `${host}:0080`]) {
      const answer = await call('POST', '/api/loadconfig', { host: spelling });
      expect(answer.status, spelling).toBe(200);
    }
    const long = `/api/menu/${'a'.repeat(200)}`;
    expect((await call('GET', long, { host })).status).toBe(400);
    expect(second.frontDoor.replayed).toBe(before);
    expect(second.frontDoor.kept.answers).toBe(kept);
  });

  it("answers a forwarded host behind a trusted proxy as that host's shop", async () => {
    const first = await openServiceShop(service.ctx);
    const other = await openServiceShop(service.ctx);
    const proxied = await secondProcess(service.ctx, { now: service.now, trustProxy: true });
    try {
      await proxied.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(proxied.server.address() as AddressInfo).port}`;
      const name = async (headers: Record<string, string>) =>
        (
          JSON.parse((await call('POST', '/api/loadconfig', headers, undefined, base)).body) as {
            data: { websiteName: string };
          }
        ).data.websiteName;
      expect(await name({ host: first.host })).toBe(first.shop.websiteName);
      expect(await name({ host: first.host })).toBe(first.shop.websiteName);
      expect(proxied.frontDoor.replayed).toBe(1);
      expect(await name({ host: first.host, 'x-forwarded-host': other.host })).toBe(
        other.shop.websiteName,
      );
    } finally {
      await proxied.close();
    }
  });
});
