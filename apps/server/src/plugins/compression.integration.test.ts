import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServiceShop, useServiceApp } from '../../test/service-shop.ts';
import { secondProcess } from '../../test/test-app.ts';
import { chooseEncoding, compress, COMPRESS_INLINE_UP_TO_BYTES } from './compression.ts';

// Decision 58: answers cross the wire compressed, as a browser takes them, with or without a
// compressing proxy in front. What the client reads after decoding is the same answer.
const service = useServiceApp();
const BROWSER = 'gzip, deflate, br, zstd';

function decoded(encoding: string | undefined, body: Buffer): unknown {
  const bytes =
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return JSON.parse(bytes.toString());
}

describe('answers compressed for the browser', () => {
  it("sends the desk's open orders compressed, the same orders once decoded", async () => {
    const shop = await openServiceShop(service.ctx);
    for (let i = 0; i < 6; i++)
      expect((await shop.order([shop.naan(), shop.curry()])).statusCode).toBe(200);
    const desk = (acceptEncoding?: string) =>
      service.ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders?limit=200',
        headers: {
          ...shop.manager.headers,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      });

    const plain = await desk();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const orders = plain.json();
    expect(orders.data.orders).toHaveLength(6);
    expect(plain.rawPayload.length).toBeGreaterThan(4000);

    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['*', 'br'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
    ] as const) {
      const answer = await desk(accept);
      expect(answer.statusCode, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(encoding, answer.rawPayload), accept).toEqual(orders);
      if (encoding) {
        expect(answer.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
        expect(Number(answer.headers['content-length']), accept).toBe(answer.rawPayload.length);
      }
    }
  });

  it('leaves small answers and HEAD as they are; a refusal decodes to its envelope', async () => {
    const shop = await openServiceShop(service.ctx);
    const small = await service.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/auto-print',
      headers: { ...shop.manager.headers, 'accept-encoding': BROWSER },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1400);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe(200);

    const refused = await service.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?limit=nope',
      headers: { ...shop.manager.headers, 'accept-encoding': BROWSER },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      decoded(refused.headers['content-encoding'] as string, refused.rawPayload),
    ).toMatchObject({ status: 400 });

    const head = await service.ctx.app.inject({
      method: 'HEAD',
      url: `/api/menu/${shop.storeId}`,
      headers: { host: shop.host, 'accept-encoding': BROWSER },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('a kept answer (the menu, the configuration)', () => {
  let second: Awaited<ReturnType<typeof secondProcess>>;
  let base: string;
  beforeAll(async () => {
    second = await secondProcess(service.ctx, { now: service.now });
    await second.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(() => second.close());

  /** Over real HTTP: the front door answers from the server's request event. */
  function call(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(chunks),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  /** The test shop's menu is under 1,400 bytes: a real dish's description makes it a real menu's. */
  async function shopWithAMenu() {
    const shop = await openServiceShop(service.ctx);
    const description =
      'Leavened bread baked against the wall of our tandoor, brushed with garlic butter and ' +
      'scattered with fresh coriander. Made to order from flour, yoghurt and a little sugar; ' +
      'ask for it without butter if you would rather. ';
    const res = await service.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/items/${shop.dish['Garlic naan']}`,
      headers: { ...shop.manager.headers, 'if-match': '"1"' },
      payload: { description: description.repeat(4).trim() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return shop;
  }

  it('is compressed once, replayed by the front door in the encoding each browser asks', async () => {
    const shop = await shopWithAMenu();
    const path = `/api/menu/${shop.storeId}`;
    const plain = await call(path, { host: shop.host });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const menu = JSON.parse(plain.body.toString());
    expect(plain.body.length).toBeGreaterThan(1400);

    for (const [accept, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const before = second.frontDoor.replayed;
      const first = await call(path, { host: shop.host, 'accept-encoding': accept });
      const again = await call(path, { host: shop.host, 'accept-encoding': accept });
      // The plain copy was kept by the first call above; the others by their own first call.
      expect(second.frontDoor.replayed, accept).toBe(before + (encoding ? 1 : 2));
      for (const answer of [first, again]) {
        expect(answer.status, accept).toBe(200);
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(decoded(encoding, answer.body), accept).toEqual(menu);
      }
      expect(again.body.equals(first.body), accept).toBe(true);
      expect(again.headers.etag).toBe(first.headers.etag);
      // The compressed copy's tag is weak; the plain copy keeps the strong one.
      expect(first.headers.etag, accept).toBe(
        encoding ? `W/${plain.headers.etag}` : plain.headers.etag,
      );
    }
  });

  it('answers 304 to the ETag of either copy', async () => {
    const shop = await shopWithAMenu();
    const path = `/api/menu/${shop.storeId}`;
    const compressed = await call(path, { host: shop.host, 'accept-encoding': BROWSER });
    const etag = compressed.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    for (const [accept, ifNoneMatch] of [
      [BROWSER, etag],
      ['', etag],
      [BROWSER, etag.slice(2)],
      [BROWSER, `"another", ${etag}`],
    ]) {
      const answer = await call(path, {
        host: shop.host,
        'accept-encoding': accept!,
        'if-none-match': ifNoneMatch!,
      });
      expect(answer.status, `${accept} ${ifNoneMatch}`).toBe(304);
      expect(answer.body.length).toBe(0);
    }
    const other = await call(path, {
      host: shop.host,
      'accept-encoding': BROWSER,
      'if-none-match': 'W/"another"',
    });
    expect(other.status).toBe(200);
  });
});

describe('chooseEncoding', () => {
  it("reads the browser's Accept-Encoding as the HTTP rules say", () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.1, gzip;q=0.9')).toBe('gzip');
    expect(chooseEncoding('br; q=0 , gzip')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate, identity')).toBeUndefined();
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });
});

describe('compress', () => {
  const json = (bytes: number) => {
    const rows = [];
    for (let i = 0; rows.join(',').length < bytes; i++)
      rows.push(JSON.stringify({ id: i, name: `Chicken tikka masala ${i}`, price: 1095 + i }));
    return Buffer.from(`[${rows.join(',')}]`);
  };

  it('squeezes a small answer at once and a large one in the pool, each decoding to itself', async () => {
    const small = json(COMPRESS_INLINE_UP_TO_BYTES / 4);
    const large = json(COMPRESS_INLINE_UP_TO_BYTES * 4);
    for (const body of [small, large]) {
      for (const encoding of ['br', 'gzip'] as const) {
        for (const effort of ['light', 'thorough'] as const) {
          const made = compress(body, encoding, effort);
          expect(Buffer.isBuffer(made), `${body.length} ${encoding}`).toBe(body === small);
          const bytes = await made;
          expect(bytes.length).toBeLessThan(body.length / 4);
          expect(decoded(encoding, bytes)).toEqual(JSON.parse(body.toString()));
        }
      }
    }
  });
});
