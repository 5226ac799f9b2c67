import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, outboxMessages, payments } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { createTestApp, secondProcess } from '../../../test/test-app.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Issue 14, point 5: an order nobody accepts is rejected once, by one of several processes.
const MINUTE = 60_000;
// Both processes' clocks run 11 minutes ahead of the orders written below.
const later = () => new Date(Date.now() + 11 * MINUTE);
const shop = makeTenantDocument();
let first: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof secondProcess>>;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  first = await createTestApp({ now: later });
  second = await secondProcess(first, { now: later });
  await importTestTenant(first.db, shop);
  const tenant = (await findTenantBySlug(first.db, shop.slug))!;
  where = { tenantId: tenant.id, storeId: (await storesOfTenant(first.db, tenant.id))[0]!.id };
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const statusOf = async (id: string) =>
  (await first.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('the desk sweeper', () => {
  it('rejects an order nobody accepted in ten minutes exactly once across two processes, and tells the customer', async () => {
    const order = await insertTestOrder(first.db, where);
    const swept = await Promise.all([first.app.deskSweeper.sweep(), second.deskSweeper.sweep()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    const row = await statusOf(order.id);
    expect(row.status).toBe('rejected');
    expect(row.statusHistory.filter((h) => h.status === 'rejected')).toEqual([
      expect.objectContaining({ by: 'automatic', note: 'Not accepted in time' }),
    ]);
    const mails = await first.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, order.customerEmail!));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('You have not been charged for it');
    // Issue 20, point 4: it links back to the order on the shop's configured host.
    expect(mails[0]!.textBody).toContain(
      `Your order: http://${shop.hosts[0]!.host}/orders/${order.id}`,
    );
    const audit = await first.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(['order.auto_rejected']);
    // Swept again: nothing more happens.
    expect(await first.app.deskSweeper.sweep()).toBe(0);
  });

  it('counts from the placing as the desk does, not from the undo of an accept', async () => {
    // Placed 11 minutes ago by the sweepers' clocks, accepted and the accept undone a minute ago:
    // the row as the undo leaves it (its history back to the placing, updated_at at the undo).
    const order = await insertTestOrder(first.db, where);
    await first.db
      .update(orders)
      .set({ updatedAt: new Date(later().getTime() - MINUTE) })
      .where(eq(orders.id, order.id));
    expect(await second.deskSweeper.sweep()).toBe(1);
    expect((await statusOf(order.id)).status).toBe('rejected');
  });

  it('leaves an order placed again after its payment alone until its own ten minutes pass', async () => {
    // Made 11 minutes ago, waiting for its card, and placed (paid) 2 minutes ago: the desk
    // counts from the payment, and so does the sweeper.
    const made = new Date();
    const order = await insertTestOrder(first.db, where, { at: made });
    const paidAt = new Date(later().getTime() - 2 * MINUTE).toISOString();
    await first.db
      .update(orders)
      .set({
        statusHistory: [
          { status: 'pending_payment', at: made.toISOString() },
          { status: 'placed', at: paidAt },
        ],
      })
      .where(eq(orders.id, order.id));
    expect(await first.app.deskSweeper.sweep()).toBe(0);
    expect((await statusOf(order.id)).status).toBe('placed');
  });

  it('lifts the hold on the card of an order it rejects', async () => {
    const order = await insertTestOrder(first.db, where, { payment: 'card' });
    await second.deskSweeper.sweep();
    const [payment] = await first.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.status).toBe('released');
  });

  it('leaves a pre-order for tomorrow and an accepted order alone', async () => {
    const preOrder = await insertTestOrder(first.db, where, {
      scheduledFor: new Date(Date.now() + 20 * 60 * MINUTE),
    });
    const accepted = await insertTestOrder(first.db, where, { status: 'accepted' });
    await first.app.deskSweeper.sweep();
    expect((await statusOf(preOrder.id)).status).toBe('placed');
    expect((await statusOf(accepted.id)).status).toBe('accepted');
  });
});
