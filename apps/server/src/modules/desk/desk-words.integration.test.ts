import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { Order, OrderCreated } from '@servery/contract/order';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';

// Issue 27, point 5: words that are true. Tuesday 17 November 2026, 12:00 in London: open.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
shop.config = { ...shop.config, vatNumber: 'GB999999973', companyName: 'Test Kitchens Ltd' };
const host = shop.hosts[0]!.host;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let sam: StaffAgent;
let kim: StaffAgent;
const menu = { storeId: '', curry: '', naan: '' };

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { host, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const move = (id: string, body: object, agent: StaffAgent) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/status`,
    headers: agent.headers,
    payload: body,
  });
const orderPage = async (id: string) =>
  (await call('GET', `/api/orders/${id}`)).json().data as Order;

async function placeOrder() {
  const answer = await call('POST', '/api/order', {
    store_id: menu.storeId,
    order_type: 'collection',
    when: 'asap',
    lines: [
      { item_id: menu.curry, quantity: 1, modifiers: [{ group_id: 'spice', option_ids: ['hot'] }] },
      { item_id: menu.naan, quantity: 2, modifiers: [] },
    ],
    payment_method: 'cash',
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as OrderCreated).order;
}

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  token = (await signInCustomer(ctx.app, ctx.db, host, { email: 'ada@example.com' })).token;
  const stores = (await call('GET', '/api/store')).json().data as StoreSummary[];
  menu.storeId = stores.find((s) => s.slug === 'main')!.id;
  const found = (await call('GET', `/api/menu/${menu.storeId}`)).json().data as StoreMenu;
  const items = found.categories.flatMap((c) => c.items);
  menu.curry = items.find((i) => i.name === 'Chicken tikka masala')!.id;
  menu.naan = items.find((i) => i.name === 'Garlic naan')!.id;
  sam = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'], name: 'Sam' });
  kim = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'], name: 'Kim' });
});
afterAll(() => ctx.close());

describe('the 409 of a move someone else made first', () => {
  it('names the status now and who moved it, not the status the loser read', async () => {
    const order = await placeOrder();
    expect((await move(order.id, { status: 'accepted', minutes: 20 }, sam)).statusCode).toBe(200);
    // Kim's board still showed it waiting: she rejects it a moment later.
    const late = await move(order.id, { status: 'rejected', reason: 'too_busy' }, kim);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Order #${order.number} was just accepted by Sam.`);
    expect((await orderPage(order.id)).status).toBe('accepted');
  });

  it('says so whichever of two taps at once loses the race in the database', async () => {
    const order = await placeOrder();
    const answers = await Promise.all([
      move(order.id, { status: 'accepted', minutes: 20 }, sam),
      move(order.id, { status: 'rejected', reason: 'closing' }, kim),
    ]);
    const won = answers.find((a) => a.statusCode === 200)!.json().data.status as string;
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().message).toBe(
      won === 'accepted'
        ? `Order #${order.number} was just accepted by Sam.`
        : `Order #${order.number} was just rejected by Kim.`,
    );
  });

  it('names the sweeper when the order was rejected automatically', async () => {
    const order = await placeOrder();
    clock.advance(11 * 60_000);
    // Another test's order still waiting in this shop is swept too when it ran first.
    expect(await ctx.app.deskSweeper.sweep()).toBeGreaterThanOrEqual(1);
    const late = await move(order.id, { status: 'accepted', minutes: 10 }, sam);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `Order #${order.number} was just rejected automatically: it was not accepted in time.`,
    );
    // Nothing was supplied: the customer's page has the reason and no VAT invoice.
    const seen = await orderPage(order.id);
    expect(seen.shop_reason).toEqual({ reason: 'The shop did not answer in time', words: null });
    expect(seen.vat_invoice).toBeNull();
  });

  it('after one’s own move, says the table does not allow the next one', async () => {
    const order = await placeOrder();
    await move(order.id, { status: 'accepted', minutes: 10 }, sam);
    const again = await move(order.id, { status: 'completed' }, sam);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Order #${order.number} is accepted: it cannot be moved to completed. The board shows where it is.`,
    );
  });
});

describe('what the customer reads', () => {
  it('at placement: received, not confirmed, with an invoice while the order stands', async () => {
    const order = await placeOrder();
    const [mail] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(outboxMessages.subject, `${shop.websiteName} has received your order ${order.number}`),
        ),
      );
    expect(mail!.textBody).toContain('will tell you as soon as the kitchen accepts it');
    expect(`${mail!.subject}\n${mail!.textBody}\n${mail!.htmlBody}`).not.toMatch(/confirm/i);
    expect((await orderPage(order.id)).vat_invoice).toMatchObject({ vat_number: 'GB999999973' });
  });

  it('a rejection: the preset and the staff’s own words, in the e-mail and on the page; no invoice', async () => {
    const order = await placeOrder();
    const words = 'Our tandoor oven has broken down tonight';
    const res = await move(order.id, { status: 'rejected', reason: 'too_busy', note: words }, sam);
    expect(res.statusCode).toBe(200);
    const seen = await orderPage(order.id);
    expect(seen.shop_reason).toEqual({
      reason: 'We are too busy to make your order in time',
      words,
    });
    expect(seen.vat_invoice).toBeNull();
    const mail = (
      await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'order_rejected'))
    ).find((m) => m.textBody!.includes(`order #${order.number}:`));
    expect(mail!.textBody).toContain(`${shop.websiteName} says: “${words}”`);
  });

  it('another reason: only the staff’s words; a cancellation: its words, and no invoice', async () => {
    const other = await placeOrder();
    await move(other.id, { status: 'rejected', reason: 'other', note: 'No rice left' }, sam);
    expect((await orderPage(other.id)).shop_reason).toEqual({
      reason: null,
      words: 'No rice left',
    });
    const cancelled = await placeOrder();
    await move(cancelled.id, { status: 'accepted', minutes: 15 }, sam);
    await move(cancelled.id, { status: 'cancelled', note: 'The fryer caught fire' }, sam);
    const seen = await orderPage(cancelled.id);
    expect(seen.status).toBe('cancelled');
    expect(seen.shop_reason).toEqual({ reason: null, words: 'The fryer caught fire' });
    expect(seen.vat_invoice).toBeNull();
  });

  it('an accepted order keeps its invoice and has no reason', async () => {
    const order = await placeOrder();
    await move(order.id, { status: 'accepted', minutes: 15 }, kim);
    const seen = await orderPage(order.id);
    expect(seen.shop_reason).toBeNull();
    expect(seen.vat_invoice).toMatchObject({ supplier_name: 'Test Kitchens Ltd' });
  });
});
