import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffPushSubscriptions } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { startFakePushService } from '../../../test/fake-push-service.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 27, point 4: a staff device subscribes to Web Push for its own person, and only they
// can take it off again; every process hands out the same VAPID key.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;

beforeAll(async () => {
  ctx = await createTestApp();
  pushService = await startFakePushService();
});
afterAll(async () => {
  await pushService.close();
  await ctx.close();
});

async function openShop() {
  const shop = makeTenantDocument();
  await importTestTenant(ctx.db, shop);
  const tenant = (await findTenantBySlug(ctx.db, shop.slug))!;
  const cook = await staffAgent(ctx.app, ctx.db, shop, 'staff');
  const otherCook = await staffAgent(ctx.app, ctx.db, shop, 'staff');
  return { shop, tenantId: tenant.id, cook, otherCook };
}

const call = (agent: StaffAgent, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: agent.headers,
    ...(body ? { payload: body } : {}),
  });

const rowsOf = (tenantId: string) =>
  ctx.db.select().from(staffPushSubscriptions).where(eq(staffPushSubscriptions.tenantId, tenantId));

describe('a staff device subscribing to Web Push', () => {
  it('gets the same VAPID public key from every process, made once and kept', async () => {
    const { cook } = await openShop();
    const first = await call(cook, 'GET', '/api/admin/push-key');
    expect(first.statusCode).toBe(200);
    const key = first.json<{ data: { public_key: string } }>().data.public_key;
    // An uncompressed P-256 point, base64url: what pushManager.subscribe takes.
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const other = await secondProcess(ctx);
    try {
      const again = await other.inject({
        method: 'GET',
        url: '/api/admin/push-key',
        headers: cook.headers,
      });
      expect(again.json()).toMatchObject({ data: { public_key: key } });
    } finally {
      await other.close();
    }
  });

  it('is kept for the person, can be taken off only by them, and each change is audited', async () => {
    const { tenantId, cook, otherCook } = await openShop();
    const { subscription } = pushService.device('tablet');
    const saved = await call(cook, 'POST', '/api/admin/push-subscriptions', subscription);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'This device will be told when an order waits and no order desk is open.',
      data: { endpoint: subscription.endpoint },
    });
    // The same device again: one row, not two.
    expect(
      (await call(cook, 'POST', '/api/admin/push-subscriptions', subscription)).statusCode,
    ).toBe(200);
    const [row, ...more] = await rowsOf(tenantId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
    });

    const gone = { endpoint: subscription.endpoint };
    const notTheirs = await call(otherCook, 'DELETE', '/api/admin/push-subscriptions', gone);
    expect(notTheirs.statusCode).toBe(404);
    expect(await rowsOf(tenantId)).toHaveLength(1);

    const removed = await call(cook, 'DELETE', '/api/admin/push-subscriptions', gone);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'This device will no longer be pushed to.' });
    expect(await rowsOf(tenantId)).toEqual([]);
    expect((await call(cook, 'DELETE', '/api/admin/push-subscriptions', gone)).statusCode).toBe(
      404,
    );

    const audit = await ctx.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'push_subscription')))
      .orderBy(auditLog.id);
    // The same device saved again changed nothing, so it wrote no audit row (recordAudit skips a
    // change whose before and after are equal).
    expect(audit).toEqual([
      { action: 'push_subscription.saved', entityId: row!.id, actor: cook.email },
      { action: 'push_subscription.deleted', entityId: row!.id, actor: cook.email },
    ]);
  });

  it('refuses an endpoint that is not a push service’s https address, and bad keys, storing nothing', async () => {
    const { tenantId, cook } = await openShop();
    const { subscription } = pushService.device('bad');
    const cases = [
      [{ ...subscription, endpoint: 'http://10.0.0.5/push/x' }, 'endpoint'],
      [{ ...subscription, endpoint: 'not a url' }, 'endpoint'],
      [{ ...subscription, keys: { ...subscription.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...subscription, keys: { p256dh: subscription.keys.p256dh } }, 'keys.auth'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call(cook, 'POST', '/api/admin/push-subscriptions', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<{ errors: object }>().errors), field).toContain(field);
    }
    expect(await rowsOf(tenantId)).toEqual([]);
  });
});
