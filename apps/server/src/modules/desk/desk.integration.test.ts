import { and, eq } from 'drizzle-orm';
import { saidTime } from '@servery/contract/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, liveEvents, orders, outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const shop = makeTenantDocument();
let cook: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
  const tenant = await findTenantBySlug(ctx.db, shop.slug);
  const [store] = await storesOfTenant(ctx.db, tenant!.id);
  where = { tenantId: tenant!.id, storeId: store!.id };
  cook = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
});
afterAll(() => ctx.close());

const move = (id: string, body: object, agent = cook) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: agent.headers,
    payload: body,
  });
const messagesTo = (email: string | null) =>
  ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email ?? ''));
const rowOf = async (id: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the order desk', () => {
  it('lists the open orders of its stores with what the kitchen needs', async () => {
    const cash = await insertTestOrder(ctx.db, where);
    const card = await insertTestOrder(ctx.db, where, { payment: 'card', orderType: 'delivery' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: cook.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.orders as {
      id: string;
      payment: object;
      customer: object;
      next: string[];
    }[];
    const cashOrder = list.find((o) => o.id === cash.id)!;
    expect(cashOrder.payment).toMatchObject({ method: 'cash', paid: false, to_collect: 2190 });
    expect(cashOrder.customer).toMatchObject({ name: 'Amira Okafor', phone: '+447700900555' });
    expect(cashOrder.next).toEqual(['accepted', 'rejected']);
    expect(list.find((o) => o.id === card.id)!.payment).toMatchObject({
      paid: true,
      to_collect: 0,
    });
  });

  it('accepts with the minutes until ready: promised time, history, audit, live event, customer told', async () => {
    const order = await insertTestOrder(ctx.db, where);
    const before = Date.now();
    const res = await move(order.id, { status: 'accepted', minutes: 45 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('accepted');
    // Later of the customer's time (20 minutes away) and now + 45 minutes.
    const promised = new Date(data.promised_at).getTime();
    expect(promised).toBeGreaterThanOrEqual(before + 45 * 60_000);
    expect(promised).toBeLessThan(Date.now() + 46 * 60_000);
    const row = await rowOf(order.id);
    expect(row.statusHistory.at(-1)).toMatchObject({ status: 'accepted', by: cook.email });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit).toMatchObject({ action: 'order.accepted', actorEmail: cook.email });
    const events = await ctx.db.select().from(liveEvents).where(eq(liveEvents.entityId, order.id));
    expect(events.map((e) => e.kind)).toEqual(['order.status']);
    const [mail] = await messagesTo(order.customerEmail);
    expect(mail!.subject).toBe(`Shop ${shop.slug} has accepted your order #${order.number}`);
    expect(mail!.textBody).toMatch(/It will be ready to collect at \d{1,2}:\d{2} (AM|PM)\.\n\n/);
    // Issue 20, point 4: and it links back to the order on the shop's configured host.
    expect(mail!.textBody!.split('\n\n').at(-1)).toBe(
      `Follow your order: http://${shop.hosts[0]!.host}/orders/${order.id}`,
    );
  });

  it('refuses a move the table does not allow, changing nothing', async () => {
    const order = await insertTestOrder(ctx.db, where);
    for (const body of [
      { status: 'ready' },
      { status: 'out_for_delivery' },
      { status: 'completed' },
    ]) {
      const res = await move(order.id, body);
      expect(res.statusCode, body.status).toBe(409);
    }
    await move(order.id, { status: 'accepted', minutes: 10 });
    await move(order.id, { status: 'ready' });
    // A collection order never goes out for delivery.
    expect((await move(order.id, { status: 'out_for_delivery' })).statusCode).toBe(409);
    const row = await rowOf(order.id);
    expect(row.status).toBe('ready');
    expect(row.statusHistory.map((h) => h.status)).toEqual(['placed', 'accepted', 'ready']);
  });

  it('two accepts at once: one 200, one 409, one history entry, audit row, event and message', async () => {
    const order = await insertTestOrder(ctx.db, where);
    const other = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main'] });
    const answers = await Promise.all([
      move(order.id, { status: 'accepted', minutes: 20 }),
      move(order.id, { status: 'accepted', minutes: 30 }, other),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await rowOf(order.id);
    expect(row.statusHistory.filter((h) => h.status === 'accepted')).toHaveLength(1);
    expect(await messagesTo(order.customerEmail)).toHaveLength(1);
    // The refused move's rows went with its update, which matched nothing (decision 53).
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audits.map((a) => a.action)).toEqual(['order.accepted']);
    const events = await ctx.db.select().from(liveEvents).where(eq(liveEvents.entityId, order.id));
    expect(events.map((e) => e.kind)).toEqual(['order.status']);
  });

  it('rejects with a reason the customer reads, and says they are not charged', async () => {
    const order = await insertTestOrder(ctx.db, where);
    const noReason = await move(order.id, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Choose a reason' });
    const res = await move(order.id, { status: 'rejected', reason: 'too_busy' });
    expect(res.statusCode).toBe(200);
    const [mail] = await messagesTo(order.customerEmail);
    expect(mail!.textBody).toContain('We are too busy to make your order in time');
    expect(mail!.textBody).toContain('You have not been charged for it');
  });

  it('promises a delivery the kitchen’s minutes plus the ride, when later than the time asked', async () => {
    // Due at the door 20 minutes from now (ASAP); the store's ride to E1 is 20 minutes.
    const order = await insertTestOrder(ctx.db, where, { orderType: 'delivery' });
    const before = Date.now();
    const res = await move(order.id, { status: 'accepted', minutes: 20 });
    expect(res.statusCode).toBe(200);
    // Ready in 20 minutes, at the door 20 minutes later: not the 20 minutes asked for.
    const promised = new Date(res.json().data.promised_at).getTime();
    expect(promised).toBeGreaterThanOrEqual(before + 40 * 60_000);
    expect(promised).toBeLessThan(Date.now() + 41 * 60_000);
    const [mail] = await messagesTo(order.customerEmail);
    expect(mail!.textBody).toContain(
      `It will be with you around ${saidTime(new Date(promised), 'Europe/London')}.`,
    );
  });

  it('delays an accepted order: the promised time moves on and the customer reads "rescheduled"', async () => {
    const order = await insertTestOrder(ctx.db, where, { orderType: 'delivery' });
    const accepted = (await move(order.id, { status: 'accepted', minutes: 30 })).json().data;
    const delayed = await move(order.id, { status: 'delay', minutes: 15 });
    expect(delayed.statusCode).toBe(200);
    expect(new Date(delayed.json().data.promised_at).getTime()).toBe(
      new Date(accepted.promised_at).getTime() + 15 * 60_000,
    );
    expect(delayed.json().data.status).toBe('accepted');
    const mails = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, order.customerEmail!),
          eq(outboxMessages.kind, 'order_delayed'),
        ),
      );
    expect(mails[0]!.subject).toContain('has been rescheduled');
    expect(mails[0]!.textBody).not.toMatch(/\blate\b/);
  });

  it('does not show or move an order of a store the person does not work in', async () => {
    const otherStoreCook = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: [] });
    const order = await insertTestOrder(ctx.db, where);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}`,
      headers: otherStoreCook.headers,
    });
    expect(seen.statusCode).toBe(404);
    expect(
      (await move(order.id, { status: 'accepted', minutes: 10 }, otherStoreCook)).statusCode,
    ).toBe(404);
    expect((await rowOf(order.id)).status).toBe('placed');
  });
});
