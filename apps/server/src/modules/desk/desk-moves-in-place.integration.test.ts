import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertTestOrder } from '../../../test/orders.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Decision 57: `orders` keeps room on each page (fillfactor 70), so a desk move writes the
// order's new version beside the old one and none of its indexes takes an entry. On full pages
// (the default) the new version went to another page and all seven indexes were written.
const service = useServiceApp();

describe("an order's moves on a busy night", () => {
  it('rewrite the order on its own page, though the orders after it filled the rest', async () => {
    const { ctx } = service;
    const shop = await openServiceShop(ctx);
    const where = { tenantId: shop.tenantId, storeId: shop.storeId };
    const first = await insertTestOrder(ctx.db, where);
    // The orders placed after it: more than a full page of 8 KB would hold.
    for (let i = 0; i < 16; i++) await insertTestOrder(ctx.db, where);
    const pageOf = async (id: string) => {
      const result = (await ctx.db.execute(
        sql`select (ctid::text::point)[0]::int as page from orders where id = ${id}`,
      )) as unknown as { rows: { page: number }[] };
      return result.rows[0]!.page;
    };
    const page = await pageOf(first.id);
    const moves = [
      { status: 'accepted', minutes: 20 },
      { status: 'ready' },
      { status: 'completed' },
    ];
    for (const body of moves) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${first.id}/status`,
        headers: shop.manager.headers,
        payload: body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await pageOf(first.id), `after "${body.status}"`).toBe(page);
    }
  });
});
