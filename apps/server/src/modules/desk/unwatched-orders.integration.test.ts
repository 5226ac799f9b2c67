import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { openBoard } from '../../../test/live-board.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 14, point 5: an order that arrives while none of its store's boards is open is told to
// the shop, once, whichever process sweeps; a store with an open board on any process is not.
// One clock for both processes; a test moves it on to let a closed board's presence go stale.
let offset = 0;
const now = () => new Date(Date.now() + offset);
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let secondUrl: string;

beforeAll(async () => {
  first = await createTestApp({ now });
  second = await secondProcess(first, { now });
  await second.listen({ port: 0, host: '127.0.0.1' });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/**
 * A shop of the test's own with two stores and a cook of the main one: its alarms are only
 * about the orders that test made.
 */
async function openShop() {
  const base = makeTenantDocument();
  const shop = {
    ...base,
    config: { ...base.config, ordering: { alertPhone: '+447700900111' } },
    stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second Kitchen' }],
  };
  await importTestTenant(first.db, shop);
  const tenant = (await findTenantBySlug(first.db, shop.slug))!;
  const stores = await storesOfTenant(first.db, tenant.id);
  const where = (slug: string) => {
    const store = stores.find((s) => s.slug === slug)!;
    return { tenantId: tenant.id, storeId: store.id, storeName: store.name };
  };
  const mainCook = await staffAgent(first.app, first.db, shop, 'staff', { stores: ['main'] });
  const alarms = (channel: 'email' | 'sms') =>
    first.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.tenantId, tenant.id),
          eq(outboxMessages.kind, 'order_unwatched'),
          eq(outboxMessages.channel, channel),
        ),
      )
      .orderBy(asc(outboxMessages.createdAt));
  return { shop, main: where('main'), other: where('second'), mainCook, alarms };
}

/** The cook's board on the second process, closed when the test ends however it ends. */
async function boardOf(cook: StaffAgent) {
  const board = openBoard(secondUrl, cook);
  onTestFinished(() => board.close());
  await board.waitFor((f) => f.event === 'ready');
  return board;
}

describe('an order nobody is watching', () => {
  it('is told to the shop by e-mail and text once, and a store with an open board is not', async () => {
    const { shop, main, other, mainCook, alarms } = await openShop();
    // The cook's board is open on the other process, for the main store only.
    await boardOf(mainCook);
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
  });

  it('is reported once the last board of its store has been closed for a minute', async () => {
    const { main, mainCook, alarms } = await openShop();
    (await boardOf(mainCook)).close();
    const order = await insertTestOrder(first.db, main);
    await first.app.deskSweeper.sweep();
    expect(await alarms('email')).toHaveLength(0);
    offset += 61_000;
    await first.app.deskSweeper.sweep();
    const mails = await alarms('email');
    expect(mails).toHaveLength(1);
    expect(mails.at(-1)!.textBody).toContain(`#${order.number}`);
  });
});
