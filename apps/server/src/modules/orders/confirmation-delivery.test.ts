import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signIn, testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function until<T>(look: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('a mail server that is down delays the order confirmation but loses nothing', async () => {
  // A port with nothing listening yet.
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  const clock = testClock('2026-11-17T12:00:00Z');
  const ctx = await createTestApp({
    now: clock.now,
    messages: { smtpUrl: `smtp://127.0.0.1:${port}`, deliver: true },
  });
  await ctx.app.ready();
  const shop = makeCatalogueDocument();
  await importTestTenant(ctx.db, shop);
  const host = shop.hosts[0]!.host;
  const { token } = await signIn(ctx.app, ctx.db, host, { email: 'patient@example.com' });
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
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  smtp.listen(port, '127.0.0.1');
  await once(smtp.server, 'listening');
  closers.push(
    () => ctx.close(),
    () => new Promise((resolve) => smtp.close(() => resolve(undefined))),
  );

  const mail = await until(
    async () => received.find((raw) => raw.includes(`Order ${number} from`)),
    'the confirmation e-mail',
  );
  expect(mail).toContain('Garlic naan');
  const sent = await until(async () => {
    const row = await confirmation();
    return row?.status === 'sent' ? row : undefined;
  }, 'the sent mark');
  expect(sent.attempts).toBeGreaterThanOrEqual(2);
});
