import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { DELIVERY_CHECK_RATE_LIMIT } from './stores.routes.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeCatalogueDocument();
const host = shop.hosts[0]!.host;
let stores: StoreSummary[];
// Tuesday 17 November 2026, 12:00 in London: the main store is open 11:00 to 22:00.
const clock = testClock('2026-11-17T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host } });
  stores = answer.json().data;
});
afterAll(() => ctx.close());

const check = (storeId: string, postcode: string, remoteAddress = '192.0.2.10') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/stores/${storeId}/delivery?postcode=${encodeURIComponent(postcode)}`,
    headers: { host },
    remoteAddress,
  });

describe('GET /api/stores/{id}/delivery', () => {
  it('answers the fee, minimum and time for a postcode in one of the store’s zones', async () => {
    const main = stores.find((s) => s.name !== 'Kiosk')!;
    const answer = await check(main.id, ' e1 6rl ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 200,
      message: `${main.name} delivers to E1 6RL.`,
      data: {
        postcode: 'E1 6RL',
        delivers: true,
        fee: 250,
        minimum_order: 1500,
        // 25 minutes' preparation and the default 20 minutes' ride.
        delivery_minutes: 45,
        first_delivery: null,
      },
    });
  });

  it('gives a closed store’s first delivery slot, not a vague "when it opens" (issue 30)', async () => {
    const main = stores.find((s) => s.name !== 'Kiosk')!;
    clock.advance(11 * 3_600_000); // 23:00: closed till 11:00 tomorrow
    try {
      const answer = await check(main.id, 'E1 6RL', '192.0.2.11');
      // Open at 11:00, and 45 minutes to cook and ride.
      expect(answer.json().data.first_delivery).toMatchObject({
        day: 'Tomorrow',
        time: '11:45 AM',
      });
    } finally {
      clock.advance(-11 * 3_600_000);
    }
  });

  it('says plainly when the postcode is outside every zone (E14 is not E1)', async () => {
    const main = stores.find((s) => s.name !== 'Kiosk')!;
    const answer = await check(main.id, 'E14 9GE');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      postcode: 'E14 9GE',
      delivers: false,
      fee: null,
      minimum_order: null,
      delivery_minutes: null,
      first_delivery: null,
    });
    expect(answer.json().message).toBe(`${main.name} does not deliver to E14 9GE.`);
  });

  it('refuses what is not a postcode with 400, and an unknown store with 404', async () => {
    const main = stores.find((s) => s.name !== 'Kiosk')!;
    for (const postcode of ['', 'E1', 'hello world', '12345']) {
      const answer = await check(main.id, postcode);
      expect(answer.statusCode, postcode).toBe(400);
      expect(answer.json()).toMatchObject({
        status: 400,
        data: null,
        errors: { postcode: 'Enter a full UK postcode, such as E1 6RL.' },
      });
    }
    const unknown = await check('no-such-store', 'E1 6RL');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 404, data: null });
  });

  it('is rate-limited per shop and IP: then 429', async () => {
    const main = stores.find((s) => s.name !== 'Kiosk')!;
    const ip = '192.0.2.99';
    for (let n = 1; n <= DELIVERY_CHECK_RATE_LIMIT.max; n++) {
      expect((await check(main.id, 'E1 6RL', ip)).statusCode, `check ${n}`).toBe(200);
    }
    const limited = await check(main.id, 'E1 6RL', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(main.id, 'E1 6RL', '192.0.2.100')).statusCode).toBe(200);
  });
});
