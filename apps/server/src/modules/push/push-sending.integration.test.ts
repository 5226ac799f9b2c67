import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, staffPushSubscriptions } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { startFakePushService } from '../../../test/fake-push-service.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 27, point 4: an order waiting with no board open is pushed, beside the e-mail, to the
// subscribed devices of the staff who run that store's desk, through a push service's wire.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;

beforeAll(async () => {
  // Messages are delivered here: the push leaves through the outbox like the e-mail.
  ctx = await createTestApp({ messages: { deliver: true } });
  pushService = await startFakePushService();
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

async function openShop() {
  const base = makeTenantDocument();
  const shop = {
    ...base,
    stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second Kitchen' }],
  };
  await importTestTenant(ctx.db, shop);
  const tenant = (await findTenantBySlug(ctx.db, shop.slug))!;
  const stores = await storesOfTenant(ctx.db, tenant.id);
  const where = (slug: string) => {
    const store = stores.find((s) => s.slug === slug)!;
    return { tenantId: tenant.id, storeId: store.id, storeName: store.name };
  };
  const agent = (role: 'owner' | 'staff', stores?: string[]) =>
    staffAgent(ctx.app, ctx.db, shop, role, stores ? { stores } : {});
  return { tenantId: tenant.id, main: where('main'), second: where('second'), agent };
}

/** The person's device subscribes, as the staff application does on "Start service". */
async function subscribedDevice(agent: StaffAgent, name: string) {
  const device = pushService.device(name);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/push-subscriptions',
    headers: agent.headers,
    payload: device.subscription,
  });
  expect(res.statusCode).toBe(200);
  return device;
}

const delivered = (path: string) => pushService.deliveries.filter((d) => d.path === path);

describe('an order waiting with no board open', () => {
  it('is pushed to the store’s subscribed staff devices, signed with the server’s key, beside the e-mail', async () => {
    const { tenantId, second, agent } = await openShop();
    const secondCook = await agent('staff', ['second']);
    const mainCook = await agent('staff', ['main']);
    const owner = await agent('owner');
    const cookTablet = await subscribedDevice(secondCook, 'second-cook');
    const ownerPhone = await subscribedDevice(owner, 'owner');
    const elsewhere = await subscribedDevice(mainCook, 'main-cook');
    const order = await insertTestOrder(ctx.db, second);

    await ctx.app.deskSweeper.sweep();
    const [pushed] = await until(
      () => (delivered(cookTablet.path).length > 0 ? delivered(cookTablet.path) : undefined),
      'the push to the second store cook’s tablet',
    );
    expect(pushed!.payload).toEqual({
      title: 'An order is waiting at Second Kitchen',
      body: `#${order.number}: no order desk is open. Tap to open it and answer.`,
      url: '/admin/desk',
      tag: 'servery-orders-waiting',
    });
    expect(pushed!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '600',
      urgency: 'high',
    });
    const key = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/push-key', headers: owner.headers })
    ).json<{ data: { public_key: string } }>().data.public_key;
    expect(pushed!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
    );
    await until(
      () => (delivered(ownerPhone.path).length > 0 ? true : undefined),
      'the push to the owner’s phone',
    );
    // The e-mail went too; the cook of the other store was not pushed to.
    const mails = await ctx.db
      .select({ channel: outboxMessages.channel, status: outboxMessages.status })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.kind, 'order_unwatched')),
      );
    expect(mails.map((m) => m.channel).sort()).toEqual(['email', 'push', 'push']);
    await until(async () => {
      const rows = await ctx.db
        .select({ status: outboxMessages.status })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.channel, 'push')));
      return rows.every((r) => r.status === 'sent') ? true : undefined;
    }, 'both pushes marked sent');
    expect(delivered(elsewhere.path)).toEqual([]);
    // Swept again: the order is not pushed twice.
    await ctx.app.deskSweeper.sweep();
    expect(delivered(cookTablet.path)).toHaveLength(1);
  });

  it('forgets a device the push service says is gone (410), and gives up its push', async () => {
    const { tenantId, main, agent } = await openShop();
    const cook = await agent('staff', ['main']);
    const tablet = await subscribedDevice(cook, 'gone');
    pushService.unsubscribe(tablet.path);
    await insertTestOrder(ctx.db, main);

    await ctx.app.deskSweeper.sweep();
    const push = await until(async () => {
      const [row] = await ctx.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.channel, 'push')));
      return row?.status === 'failed' ? row : undefined;
    }, 'the push to the unsubscribed device given up');
    expect(push.lastError).toBe(
      'push service answered 410: the device unsubscribed, it was forgotten',
    );
    expect(pushService.refused).toContain(tablet.path);
    const left = await ctx.db
      .select()
      .from(staffPushSubscriptions)
      .where(eq(staffPushSubscriptions.tenantId, tenantId));
    expect(left).toEqual([]);
  });
});
