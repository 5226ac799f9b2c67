import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signInCustomer, testClock } from '../../../test/sign-in.ts';
import { closedPort, startSmtpMailbox } from '../../../test/smtp-mailbox.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { until } from '../../../test/until.ts';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

it('a mail server that is down delays the order confirmation but loses nothing', async () => {
  // A port with nothing listening yet.
  const port = await closedPort();

  const clock = testClock('2026-11-17T12:00:00Z');
  const ctx = await createTestApp({
    now: clock.now,
    // The first retry after 1 s, looked for every 100 ms (5 s and 5 s in production).
    messages: {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      deliver: true,
      timing: { retryDelaysMs: [1_000, 1_000], pollMs: 100 },
    },
  });
  await ctx.app.ready();
  const shop = makeCatalogueDocument();
  await importTestTenant(ctx.db, shop);
  const host = shop.hosts[0]!.host;
  const { token } = await signInCustomer(ctx.app, ctx.db, host, { email: 'patient@example.com' });
  const store = (
    (await ctx.app.inject({ method: 'GET', url: '/api/store', headers: { host } })).json()
      .data as StoreSummary[]
  )[0]!;
  const menu = (
    await ctx.app.inject({ method: 'GET', url: `/api/menu/${store.id}`, headers: { host } })
  ).json();
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { host, authorization: `Bearer ${token}` },
    payload: {
      store_id: store.id,
      order_type: 'collection',
      when: 'asap',
      lines: [{ item_id: menu.data.categories[1].items[0].id, quantity: 2 }],
      payment_method: 'cash',
    },
  });
  expect(placed.statusCode).toBe(200);
  const number = placed.json().data.order.number as number;
  const orderId = placed.json().data.order.id as string;
  const confirmation = () =>
    ctx.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_confirmation'),
          eq(outboxMessages.recipient, 'patient@example.com'),
        ),
      )
      .then((rows) => rows[0]);

  const waiting = await until(async () => {
    const row = await confirmation();
    return row?.lastError ? row : undefined;
  }, 'a failed attempt');
  expect(waiting).toMatchObject({ status: 'pending' });
  expect(waiting.lastError).toMatch(/^SMTP: /);

  // The mail server comes back: the confirmation goes out on the next retry.
  const mailbox = await startSmtpMailbox({ port });
  closers.push(() => ctx.close(), mailbox.close);

  const mail = await until(
    () => mailbox.received.find((m) => m.raw.includes(`Order ${number}`))?.raw,
    'the confirmation e-mail',
  );
  expect(mail).toContain('Garlic naan');
  // The e-mail links back to the order, on the shop's own host.
  expect(mail.replace(/=\r?\n/g, '')).toContain(`http://${host}/orders/${orderId}`);
  const sent = await until(async () => {
    const row = await confirmation();
    return row?.status === 'sent' ? row : undefined;
  }, 'the sent mark');
  expect(sent.attempts).toBeGreaterThanOrEqual(2);
});
