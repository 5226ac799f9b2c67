import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Decision 53, on PostgreSQL only (PGlite runs one thing at a time): a card order's desk move
// takes the order's row before its payment's, as the auto-reject sweeper does (it moves the
// order, then marks the payment). Taken the other way round, a staff reject and a sweep of the
// same order could each hold the row the other waits for, and PostgreSQL would abort one.
const service = useServiceApp();

describe("a card order's desk move and a sweep of it at once", () => {
  it('wait for each other in turn: the order row, then the payment, in both', async () => {
    const { ctx } = service;
    const shop = await openServiceShop(ctx);
    const where = { tenantId: shop.tenantId, storeId: shop.storeId };
    const order = await insertTestOrder(ctx.db, where, { payment: 'card' });
    let reject: Promise<{ statusCode: number; body: string }> | undefined;
    // A sweep's transaction: it holds the order's row, then comes for the payment's.
    await ctx.db.transaction(async (sweep) => {
      await sweep
        .update(orders)
        .set({ updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      reject = ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/status`,
        headers: shop.manager.headers,
        payload: { status: 'rejected', reason: 'too_busy' },
      });
      // Long enough for the move to have reached the database and to wait there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sweep
        .update(payments)
        .set({ updatedAt: sql`now()` })
        .where(eq(payments.orderId, order.id));
    });
    const answer = await reject!;
    expect(answer.statusCode, answer.body).toBe(200);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(['release_pending', 'released']).toContain(payment!.status);
  });
});
