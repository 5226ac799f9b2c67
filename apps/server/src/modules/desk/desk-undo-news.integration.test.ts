import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MOVE_UNDO_SECONDS } from '@servery/contract/desk';
import { outboxMessages } from '../../db/schema.ts';
import { makeTenantDocument } from '../../../test/factories.ts';
import { useMailedApp } from '../../../test/mailed-app.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 65: the customer is told "ready" and "on its way" only once the move can no longer
// be undone, through the real mail path; an undone move's news is never sent.
const shop = makeTenantDocument();
const mailed = useMailedApp([shop]);
let cook: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  const tenant = (await findTenantBySlug(mailed.ctx.db, shop.slug))!;
  where = { tenantId: tenant.id, storeId: (await storesOfTenant(mailed.ctx.db, tenant.id))[0]!.id };
  cook = await staffAgent(mailed.ctx.app, mailed.ctx.db, shop, 'staff', { stores: ['main'] });
});

const post = async (url: string, body: object) => {
  const res = await mailed.ctx.app.inject({
    method: 'POST',
    url,
    headers: cook.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const move = (id: string, body: object) => post(`/api/admin/orders/${id}/status`, body);
const undo = (id: string, status: string) => post(`/api/admin/orders/${id}/undo-move`, { status });

/** The order's queued messages of `kind`, with how many seconds their first try is held. */
const queued = (orderId: string, kind: string) =>
  mailed.ctx.db
    .select({
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      heldSeconds: sql<number>`extract(epoch from ${outboxMessages.nextAttemptAt} - now())::float8`,
    })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, orderId), eq(outboxMessages.kind, kind)));
/** The holds end, as they do on the database's clock once the window has passed. */
const holdsEnd = () =>
  mailed.ctx.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, 0)));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (email: string | null) =>
  mailed.mailbox.received.filter((m) => m.to.includes(email ?? '')).map((m) => m.raw);

it('holds "ready" for the undo window, drops it when the move is undone, and sends it otherwise', async () => {
  const undone = await insertTestOrder(mailed.ctx.db, where);
  const kept = await insertTestOrder(mailed.ctx.db, where);
  for (const order of [undone, kept]) {
    await move(order.id, { status: 'accepted', minutes: 15 });
    await mailed.mailbox.mailTo(order.customerEmail!, 'has accepted');
    await move(order.id, { status: 'ready' });
  }
  // The outbox was woken by the moves and left the news where it was: held, never tried.
  await pause(500);
  const [held] = await queued(kept.id, 'order_ready');
  expect(held).toMatchObject({ status: 'pending', attempts: 0 });
  expect(held!.heldSeconds).toBeGreaterThan(MOVE_UNDO_SECONDS);
  expect(mailsTo(kept.customerEmail).some((m) => m.includes('is ready'))).toBe(false);

  await undo(undone.id, 'ready');
  expect(await queued(undone.id, 'order_ready')).toEqual([]);

  await holdsEnd();
  const sent = await mailed.mailbox.mailTo(kept.customerEmail!, 'is ready to collect');
  expect(sent).toContain(`Your order #${kept.number} is ready to collect`);
  // The worker sent everything due in that run: the undone order's customer got nothing.
  expect(mailsTo(undone.customerEmail).some((m) => m.includes('is ready'))).toBe(false);
});

it('an undone completion leaves the news of the move before it, which still stands', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where, { orderType: 'delivery' });
  await move(order.id, { status: 'accepted', minutes: 15 });
  await move(order.id, { status: 'ready' });
  await move(order.id, { status: 'out_for_delivery' });
  await move(order.id, { status: 'completed' });
  await undo(order.id, 'completed');
  expect(await queued(order.id, 'order_out_for_delivery')).toMatchObject([
    { status: 'pending', attempts: 0 },
  ]);
  // Out for delivery undone too: its news goes, and the ready news (its move stands) stays.
  await undo(order.id, 'out_for_delivery');
  expect(await queued(order.id, 'order_out_for_delivery')).toEqual([]);
  expect(await queued(order.id, 'order_ready')).toHaveLength(1);
  await holdsEnd();
  await mailed.mailbox.mailTo(order.customerEmail!, 'is ready');
  expect(mailsTo(order.customerEmail).some((m) => m.includes('has left'))).toBe(false);
});
