import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, orders, staffMembers } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { HISTORY_SEARCH } from './order-history.repository.ts';
import type { StaffAgent } from '../../../test/staff.ts';

// Issue 29 point 3 and issue 27 point 7: the desk's list is whole and searchable.
const s = useBackOfficeShop();

const get = (url: string, agent: StaffAgent = s.manager) =>
  s.ctx.app.inject({ method: 'GET', url, headers: agent.headers });
type Page = {
  orders: { id: string; number: number; status: string }[];
  next_cursor: string | null;
};
async function allPages(url: string, agent?: StaffAgent) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const join = url.includes('?') ? '&' : '?';
    const res = await get(`${url}${cursor ? `${join}cursor=${cursor}` : ''}`, agent);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as Page;
    ids.push(...page.orders.map((o) => o.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}
/** An order of a customer of its own, `minutesAgo` placed. */
async function orderOf(
  who: { first: string; last: string; email: string; phone: string },
  options: Parameters<typeof insertTestOrder>[2] & { minutesAgo?: number } = {},
  where = s.main,
) {
  const order = await insertTestOrder(s.ctx.db, where, options);
  await s.ctx.db
    .update(customers)
    .set({
      firstName: who.first,
      lastName: who.last,
      email: who.email,
      emailVerified: false,
      phone: who.phone,
    })
    .where(eq(customers.id, order.customerId));
  if (options.minutesAgo) {
    const at = new Date(Date.now() - options.minutesAgo * 60_000);
    await s.ctx.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order.id));
  }
  return order;
}
const unique = () => randomUUID().slice(0, 8);

describe('GET /api/admin/orders', () => {
  it('pages the desk open orders to the end, the newest first, and leaves out closed ones', async () => {
    const open = [];
    const who = {
      first: 'Desk',
      last: unique(),
      email: `d.${unique()}@example.com`,
      phone: '+447700900444',
    };
    for (let i = 0; i < 7; i++) open.push(await orderOf(who, { minutesAgo: 7 - i }));
    const done = await insertTestOrder(s.ctx.db, s.main, { status: 'completed' });
    const ids = await allPages('/api/admin/orders?limit=3', s.cook);
    for (const o of open) expect(ids).toContain(o.id);
    expect(ids).not.toContain(done.id);
    // The newest first: this test's orders come in the reverse of the order they were placed
    // in (other tests' orders in the shop may come between them, in any run order).
    const places = open.map((o) => ids.indexOf(o.id));
    expect(places).toEqual([...places].sort((a, b) => b - a));
  });

  it('finds an order by number, name, e-mail, phone or postcode, whatever its status', async () => {
    const tag = unique();
    const who = {
      first: 'Priya',
      last: `Shah${tag}`,
      email: `priya.${tag}@example.com`,
      phone: '+447700900987',
    };
    const order = await orderOf(who, {
      status: 'completed',
      orderType: 'delivery',
      minutesAgo: 60 * 24 * 6,
    });
    const other = await orderOf({
      first: 'Tom',
      last: `Jones${tag}`,
      email: `tom.${tag}@example.com`,
      phone: '+447700900111',
    });
    const found = async (q: string) =>
      ((await get(`/api/admin/orders?q=${encodeURIComponent(q)}`)).json().data as Page).orders.map(
        (o) => o.id,
      );
    // Both ways a search runs: few matches looked up by their indexes, many walked newest first.
    for (const manyMatches of [HISTORY_SEARCH.manyMatches, 1]) {
      const kept = HISTORY_SEARCH.manyMatches;
      HISTORY_SEARCH.manyMatches = manyMatches;
      try {
        expect(await found(`shah${tag}`)).toEqual([order.id]);
        expect(await found(`Priya Shah${tag}`)).toEqual([order.id]);
        expect(await found(`PRIYA.${tag}@example`)).toEqual([order.id]);
        expect(await found('07700 900987')).toContain(order.id);
        expect(await found('e1 6qe')).toContain(order.id);
        expect(await found(`#${order.number}`)).toEqual([order.id]);
        expect(await found(`jones${tag}`)).toEqual([other.id]);
        expect(await found(`nobody-${tag}`)).toEqual([]);
      } finally {
        HISTORY_SEARCH.manyMatches = kept;
      }
    }
  });

  it('filters by status, type, payment and the shop days an order was placed', async () => {
    const tag = unique();
    const who = {
      first: 'Filter',
      last: tag,
      email: `f.${tag}@example.com`,
      phone: '+447700900222',
    };
    const card = await orderOf(who, {
      status: 'completed',
      payment: 'card',
      orderType: 'delivery',
    });
    const cash = await orderOf(who, { status: 'rejected', payment: 'cash' });
    const old = await orderOf(who, {
      status: 'completed',
      payment: 'card',
      minutesAgo: 60 * 24 * 40,
    });
    const ids = async (query: string) =>
      ((await get(`/api/admin/orders?q=${tag}&${query}`)).json().data as Page).orders.map(
        (o) => o.id,
      );
    expect(await ids('status=completed')).toEqual([card.id, old.id]);
    expect(await ids('type=delivery')).toEqual([card.id]);
    expect(await ids('payment=cash')).toEqual([cash.id]);
    const today = new Date().toISOString().slice(0, 10);
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await ids(`from=${week}&to=${today}`)).toEqual(
      expect.arrayContaining([card.id, cash.id]),
    );
    expect(await ids(`from=${week}&to=${today}`)).not.toContain(old.id);
  });

  it('shows only the stores of the person asking; another store by id is not found', async () => {
    const tag = unique();
    const who = {
      first: 'Kiosk',
      last: tag,
      email: `k.${tag}@example.com`,
      phone: '+447700900333',
    };
    const kiosk = await orderOf(who, { status: 'completed' }, s.kiosk);
    expect(((await get(`/api/admin/orders?q=${tag}`)).json().data as Page).orders).toEqual([]);
    expect(
      ((await get(`/api/admin/orders?q=${tag}`, s.owner)).json().data as Page).orders.map(
        (o) => o.id,
      ),
    ).toEqual([kiosk.id]);
    expect((await get(`/api/admin/orders?store_id=${s.kiosk.storeId}`)).statusCode).toBe(404);
    expect((await get(`/api/admin/orders/${kiosk.id}`)).statusCode).toBe(404);
  });

  it('gives just the orders named in ids, in any status, of the stores of the person asking', async () => {
    const who = {
      first: 'Named',
      last: unique(),
      email: `n.${unique()}@example.com`,
      phone: '+447700900555',
    };
    const open = await orderOf(who);
    const done = await orderOf(who, { status: 'completed' });
    const other = await orderOf(who);
    const kiosk = await orderOf(who, {}, s.kiosk);
    const named = async (ids: string[], agent?: StaffAgent) => {
      const res = await get(`/api/admin/orders?ids=${ids.join(',')}`, agent);
      expect(res.statusCode).toBe(200);
      return (res.json().data as Page).orders.map((o) => `${o.id} ${o.status}`).sort();
    };
    // A closed order comes too: the desk learns that it has left the board.
    expect(await named([open.id, done.id, kiosk.id, randomUUID()])).toEqual(
      [`${open.id} placed`, `${done.id} completed`].sort(),
    );
    expect(await named([kiosk.id], s.owner)).toEqual([`${kiosk.id} placed`]);
    expect(await named([other.id])).toEqual([`${other.id} placed`]);
  });

  it("takes a day as the reports' trading day: 12:30 AM on Saturday is Friday's", async () => {
    const tag = unique();
    const who = { first: 'Late', last: tag, email: `l.${tag}@example.com`, phone: '+447700900555' };
    // Friday 20 November 2026 on the shop's clock (London, GMT): 9:00 PM, then 12:30 AM and
    // 4:30 AM on Saturday.
    const at = {
      evening: '2026-11-20T21:00:00.000Z',
      pastMidnight: '2026-11-21T00:30:00.000Z',
      morning: '2026-11-21T04:30:00.000Z',
    };
    const placed: Record<string, string> = {};
    for (const [name, iso] of Object.entries(at)) {
      const order = await orderOf(who, { status: 'completed' });
      await s.ctx.db
        .update(orders)
        .set({ createdAt: new Date(iso) })
        .where(eq(orders.id, order.id));
      placed[order.id] = name;
    }
    const days = async (query: string) =>
      ((await get(`/api/admin/orders?q=${tag}&${query}`)).json().data as Page).orders
        .map((o) => placed[o.id])
        .sort();
    expect(await days('from=2026-11-20&to=2026-11-20')).toEqual(['evening', 'pastMidnight']);
    expect(await days('from=2026-11-21&to=2026-11-21')).toEqual(['morning']);
    expect(await days('from=2026-11-21')).toEqual(['morning']);
    expect(await days('to=2026-11-20')).toEqual(['evening', 'pastMidnight']);
  });

  it('answers 400 for a bad cursor, status, date or list of ids', async () => {
    const many = Array.from({ length: 51 }, () => randomUUID()).join(',');
    for (const query of [
      'cursor=nonsense',
      'status=eaten',
      'from=yesterday',
      'type=drone',
      'ids=',
      'ids=42',
      `ids=${randomUUID()},nonsense`,
      `ids=${many}`,
    ]) {
      const res = await get(`/api/admin/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status).toBe(400);
    }
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('gives the timeline with who moved it, the messages sent, its payment and its refunds', async () => {
    const order = await s.stripeOrder(s.main, { status: 'placed', paymentStatus: 'succeeded' });
    const moved = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status`,
      headers: s.cook.headers,
      payload: { status: 'accepted', minutes: 20 },
    });
    expect(moved.statusCode).toBe(200);
    const refund = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: s.owner.headers,
      payload: { amount: 300, reason: 'Late' },
    });
    expect(refund.statusCode).toBe(201);
    const res = await get(`/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Staff by the names the shop gave them, not their e-mails (walk 2, finding 24).
    const nameOf = async (email: string) =>
      (await s.ctx.db.select().from(staffMembers).where(eq(staffMembers.email, email)))[0]!.name;
    const [cook, owner] = [await nameOf(s.cook.email), await nameOf(s.owner.email)];
    expect(owner).not.toBe(s.owner.email);
    expect(data.timeline).toEqual([
      expect.objectContaining({ what: 'placed', by: null }),
      expect.objectContaining({ what: 'accepted', by: cook }),
      expect.objectContaining({ what: 'order.refunded', by: owner }),
    ]);
    expect(data.messages.map((m: { kind: string }) => m.kind)).toEqual([
      'order_accepted',
      'order_refund',
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ method: 'card', amount: 2190, refunded: 300 }),
    ]);
    expect(data.refunds).toEqual([
      expect.objectContaining({ amount: 300, reason: 'Late', created_by: owner }),
    ]);
    expect(data.refundable).toBe(1890);
  });
});
