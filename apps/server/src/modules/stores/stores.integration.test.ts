import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const clock = testClock();
const base = makeTenantDocument();
// Open late on Saturdays: 18:00 to 02:00 on Sunday morning.
const shop = makeTenantDocument({
  stores: [
    { ...base.stores[0]!, openingHours: { saturday: [{ opens: '18:00', closes: '02:00' }] } },
  ],
});
const host = shop.hosts[0]!.host;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
});
afterAll(() => ctx.close());

const openAt = async (instant: string) => {
  clock.advance(new Date(instant).getTime() - clock.now().getTime());
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host } });
  const [store] = answer.json().data as StoreSummary[];
  return [store!.is_open_now, store!.status_text];
};

it('is open past midnight on the shop’s wall clock, across both clock changes (Europe/London)', async () => {
  // An ordinary Saturday night and Sunday morning.
  expect(await openAt('2026-11-21T23:30:00Z')).toEqual([true, 'Closes at 2:00 AM']);
  expect(await openAt('2026-11-22T01:59:00Z')).toEqual([true, 'Closes at 2:00 AM']);
  expect(await openAt('2026-11-22T02:00:00Z')).toEqual([false, 'Opens Saturday at 6:00 PM']);
  // 29 March 2026: at 01:00 GMT the clocks go to 02:00 BST, so the night ends an hour early.
  expect(await openAt('2026-03-29T00:59:00Z')).toEqual([true, 'Closes at 2:00 AM']);
  expect(await openAt('2026-03-29T01:00:00Z')).toEqual([false, 'Opens Saturday at 6:00 PM']);
  // 25 October 2026: 01:00–02:00 happens twice, and the store is open through both.
  expect(await openAt('2026-10-25T00:30:00Z')).toEqual([true, 'Closes at 2:00 AM']);
  expect(await openAt('2026-10-25T01:30:00Z')).toEqual([true, 'Closes at 2:00 AM']);
  expect(await openAt('2026-10-25T02:00:00Z')).toEqual([false, 'Opens Saturday at 6:00 PM']);
  // Saturday afternoon BST (17:30 UTC is 18:30 BST in summer).
  expect(await openAt('2026-06-13T16:30:00Z')).toEqual([false, 'Opens at 6:00 PM']);
  expect(await openAt('2026-06-13T17:30:00Z')).toEqual([true, 'Closes at 2:00 AM']);
});
