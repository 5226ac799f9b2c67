import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, fixtureWebDist } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 14, point 5: an order that arrives while none of its store's boards is open is told to
// the shop, once, whichever process sweeps; a store with an open board on any process is not.
const base = makeTenantDocument();
const shop = {
  ...base,
  config: { ...base.config, ordering: { alertPhone: '+447700900111' } },
  stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second Kitchen' }],
};
// One clock for both processes; a test moves it on to let a closed board's presence go stale.
let offset = 0;
const now = () => new Date(Date.now() + offset);
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondUrl: string;
let mainCook: StaffAgent;
let main: { tenantId: string; storeId: string; storeName: string };
let other: { tenantId: string; storeId: string; storeName: string };

beforeAll(async () => {
  first = await createTestApp({ now });
  second = await buildApp({
    database: first.database,
    webDistDir: fixtureWebDist,
    now,
    messages: { deliver: false },
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  await importTestTenant(first.db, shop);
  const tenant = (await findTenantBySlug(first.db, shop.slug))!;
  const stores = await storesOfTenant(first.db, tenant.id);
  const where = (slug: string) => {
    const store = stores.find((s) => s.slug === slug)!;
    return { tenantId: tenant.id, storeId: store.id, storeName: store.name };
  };
  main = where('main');
  other = where('second');
  mainCook = await staffAgent(first.app, first.db, shop, 'staff', { stores: ['main'] });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const alarms = (channel: 'email' | 'sms') =>
  first.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'order_unwatched'), eq(outboxMessages.channel, channel)));

describe('an order nobody is watching', () => {
  it('is told to the shop by e-mail and text once, and a store with an open board is not', async () => {
    // The cook's board is open on the other process, for the main store only.
    const board = openBoard(secondUrl, mainCook);
    await board.waitFor((f) => f.event === 'ready');
    const watched = await insertTestOrder(first.db, main);
    const unwatched = await insertTestOrder(first.db, other);
    const swept = await Promise.all([first.app.deskSweeper.sweep(), second.deskSweeper.sweep()]);
    expect(swept).toEqual([0, 0]); // nothing auto-rejected: the orders are new

    const [mail, ...moreMail] = await alarms('email');
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({
      recipient: shop.config.supportEmail,
      subject: `${shop.websiteName}: an order is waiting at Second Kitchen`,
    });
    const number = `#${unwatched.number}`;
    expect(mail!.textBody).toContain(`A new order (${number}) is waiting at Second Kitchen`);
    expect(mail!.textBody).not.toContain(`#${watched.number}`);
    const texts = await alarms('sms');
    expect(texts.map((t) => [t.recipient, t.textBody])).toEqual([
      ['+447700900111', mail!.textBody],
    ]);
    // Swept again: the order is not reported twice.
    await first.app.deskSweeper.sweep();
    expect(await alarms('email')).toHaveLength(1);
    board.close();
  });

  it('is reported once the last board of its store has been closed for a minute', async () => {
    const board = openBoard(secondUrl, mainCook);
    await board.waitFor((f) => f.event === 'ready');
    board.close();
    const before = (await alarms('email')).length;
    const order = await insertTestOrder(first.db, main);
    await first.app.deskSweeper.sweep();
    expect(await alarms('email')).toHaveLength(before);
    offset += 61_000;
    await first.app.deskSweeper.sweep();
    const mails = await alarms('email');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.textBody).toContain(`#${order.number}`);
  });
});
