import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Decision 90: the desk reads its orders from an index of those with no `off_desk_at`, set when
// an order leaves the desk and cleared when it comes back, so a shop's history is not read.
const service = useServiceApp();

describe('the orders on the desk', () => {
  it('are the open ones: an order leaves the desk on completion, and comes back with its undo', async () => {
    const { ctx } = service;
    const shop = await openServiceShop(ctx);
    const where = { tenantId: shop.tenantId, storeId: shop.storeId };
    const offDesk = async (id: string) =>
      (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.offDeskAt;
    const call = async (url: string, payload: object) => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url,
        headers: shop.manager.headers,
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const deskList = async () => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/orders?limit=200',
        headers: shop.manager.headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().data.orders as { id: string; status: string }[]).map((o) => o.id);
    };

    const order = await insertTestOrder(ctx.db, where);
    const done = await insertTestOrder(ctx.db, where, { status: 'completed' });
    const unpaid = await insertTestOrder(ctx.db, where, {
      status: 'pending_payment',
      payment: 'card',
    });
    expect(await offDesk(order.id)).toBeNull();
    expect(await offDesk(done.id)).toBeInstanceOf(Date);
    expect(await offDesk(unpaid.id)).toBeInstanceOf(Date);
    expect(await deskList()).toEqual([order.id]);

    for (const status of ['accepted', 'ready']) {
      await call(`/api/admin/orders/${order.id}/status`, { status, minutes: 20 });
      expect(await offDesk(order.id), status).toBeNull();
    }
    await call(`/api/admin/orders/${order.id}/status`, { status: 'completed' });
    expect(await offDesk(order.id)).toBeInstanceOf(Date);
    expect(await deskList()).toEqual([]);

    // Taken back: on the desk again, and in its list.
    await call(`/api/admin/orders/${order.id}/undo-move`, { status: 'completed' });
    expect(await offDesk(order.id)).toBeNull();
    expect(await deskList()).toEqual([order.id]);

    // The history still lists every order, whatever the desk's index holds.
    const history = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders?status=completed,ready',
      headers: shop.manager.headers,
    });
    expect(
      history
        .json()
        .data.orders.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual([order.id, done.id].sort());
  });
});
