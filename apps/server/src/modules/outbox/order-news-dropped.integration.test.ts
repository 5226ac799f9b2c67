import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { makeTenantDocument } from '../../../test/factories.ts';
import { useMailedApp } from '../../../test/mailed-app.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 82 (walk2 item 5): held news is never sent once the order has moved past it, and news
// of an order is never sent late; the order's page says when a message went, or why it did not.
const shop = makeTenantDocument();
let ahead = 0;
const mailed = useMailedApp([shop], { now: () => new Date(Date.now() + ahead) });
let owner: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  const tenant = (await findTenantBySlug(mailed.ctx.db, shop.slug))!;
  where = { tenantId: tenant.id, storeId: (await storesOfTenant(mailed.ctx.db, tenant.id))[0]!.id };
  owner = await staffAgent(mailed.ctx.app, mailed.ctx.db, shop, 'owner');
});

const move = async (id: string, body: object) => {
  const res = await mailed.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: owner.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** What the order's page in the back office lists under "Messages sent". */
const messagesOnPage = async (id: string) => {
  const res = await mailed.ctx.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${id}`,
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.messages as {
    kind: string;
    status: string;
    at: string;
    sent_at: string | null;
    dropped_because: string | null;
  }[];
};
/** The holds end, as they do on the database's clock once the undo window has passed. */
const holdsEnd = () =>
  mailed.ctx.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, 0)));
const settled = (orderId: string, kind: string) =>
  until(async () => {
    const [row] = await mailed.ctx.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.orderId, orderId), eq(outboxMessages.kind, kind)));
    return row && row.status !== 'pending' ? row : undefined;
  }, `${kind} settled`);
const mailsTo = (email: string | null, words: string) =>
  mailed.mailbox.received.filter((m) => m.to.includes(email ?? '') && m.raw.includes(words));

it('drops "ready" held for the undo when the order is completed first, and sends it when not', async () => {
  const collected = await insertTestOrder(mailed.ctx.db, where);
  const waiting = await insertTestOrder(mailed.ctx.db, where);
  for (const order of [collected, waiting]) {
    await move(order.id, { status: 'accepted', minutes: 15 });
    await move(order.id, { status: 'ready' });
  }
  await move(collected.id, { status: 'completed' });
  await holdsEnd();

  await mailed.mailbox.mailTo(waiting.customerEmail!, 'is ready to collect');
  const dropped = await settled(collected.id, 'order_ready');
  expect(dropped).toMatchObject({ status: 'dropped', sentAt: null, textBody: null });
  expect(mailsTo(collected.customerEmail, 'is ready')).toEqual([]);

  const readyNews = (await messagesOnPage(collected.id)).find((m) => m.kind === 'order_ready');
  expect(readyNews).toMatchObject({
    kind: 'order_ready',
    status: 'dropped',
    sent_at: null,
    dropped_because: 'the order was completed before it was due to go',
  });
  // The mail arrives before its row is marked sent: read the page once the row has settled.
  expect(await settled(waiting.id, 'order_ready')).toMatchObject({ status: 'sent' });
  const sent = (await messagesOnPage(waiting.id)).find((m) => m.kind === 'order_ready')!;
  expect(sent.status).toBe('sent');
  // When it went, about two minutes after it was queued on a real desk (not the queued time).
  expect(sent.sent_at).not.toBeNull();
  expect(Date.parse(sent.sent_at!)).toBeGreaterThan(Date.parse(sent.at));
});

it('drops "ready" when the delivery has gone out since, and sends "on its way" alone', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where, { orderType: 'delivery' });
  await move(order.id, { status: 'accepted', minutes: 15 });
  await move(order.id, { status: 'ready' });
  await move(order.id, { status: 'out_for_delivery' });
  await holdsEnd();
  await mailed.mailbox.mailTo(order.customerEmail!, 'is on its way');
  expect(await settled(order.id, 'order_ready')).toMatchObject({
    status: 'dropped',
    lastError: 'the order was out for delivery before it was due to go',
  });
  expect(mailsTo(order.customerEmail, 'will be on its way shortly')).toEqual([]);
});

it('drops news of an order still unsent two hours after it happened (a server stopped meanwhile)', async () => {
  const order = await insertTestOrder(mailed.ctx.db, where);
  await move(order.id, { status: 'accepted', minutes: 15 });
  await mailed.mailbox.mailTo(order.customerEmail!, 'has accepted');
  await move(order.id, { status: 'ready' });
  // The server is back after the order's news stopped being worth sending: the order still
  // reads "ready" (nobody completed it), and the text would still be a week late.
  ahead = 2 * 60 * 60 * 1000 + 60_000;
  try {
    await holdsEnd();
    expect(await settled(order.id, 'order_ready')).toMatchObject({
      status: 'dropped',
      sentAt: null,
      lastError: 'too late: it could not go while it was worth sending',
    });
    expect(mailsTo(order.customerEmail, 'is ready')).toEqual([]);
  } finally {
    ahead = 0;
  }
});
