import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { createLogMailTransport } from '../../providers/mail/log.ts';
import { createLogSmsTransport } from '../../providers/sms/log.ts';
import { silentLog } from '../../../test/silent-log.ts';
import { oneShopDatabase } from '../../../test/one-shop-database.ts';
import { until } from '../../../test/until.ts';
import { enqueueMessage } from './outbox.repository.ts';
import { OutboxWorker } from './outbox.worker.ts';
import { ShopMailTransports } from './shop-mail.ts';

// Decision 47's fence for the outbox: wakes close together are gathered into one run, and the
// messages a run sent are marked sent together, in one statement. Neither may change what a
// message ends as: sent with its body gone, or failed with its reason, never sent by mistake.
const shop = oneShopDatabase();

function worker() {
  const mail = createLogMailTransport(silentLog);
  return new OutboxWorker(
    shop.database.db,
    {
      mail: new ShopMailTransports(mail, () => mail),
      sms: createLogSmsTransport(silentLog),
      shopMailOf: async () => null,
    },
    silentLog,
  );
}

const message = (recipient: string, extra: Partial<Parameters<typeof enqueueMessage>[1]> = {}) =>
  enqueueMessage(shop.database.db, {
    tenantId: shop.tenantId,
    channel: 'email',
    recipient,
    kind: 'order_confirmation',
    subject: 'Your order',
    textBody: `Hello ${recipient}`,
    htmlBody: '<p>Hello</p>',
    senderName: 'Test shop',
    ...extra,
  });

const rowsOf = (kind: string) =>
  shop.database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));

describe('the outbox in batches (decision 47)', () => {
  it('gathers wakes made together into one run that sends every message', async () => {
    const outbox = worker();
    for (let i = 0; i < 15; i++) await message(`gathered-${i}@example.com`, { kind: 'gathered' });
    for (let i = 0; i < 30; i++) outbox.wake();
    const rows = await until(async () => {
      const found = await rowsOf('gathered');
      return found.every((r) => r.status === 'sent') ? found : undefined;
    }, 'every message sent');
    expect(outbox.claims).toBe(1);
    expect(rows).toHaveLength(15);
    for (const row of rows) {
      expect(row).toMatchObject({ attempts: 1, textBody: null, htmlBody: null, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    await outbox.stop();
  });

  it('goes on claiming while batches come back full, and stops at a short one', async () => {
    const outbox = worker();
    for (let i = 0; i < 45; i++) await message(`many-${i}@example.com`, { kind: 'many' });
    outbox.wake();
    await until(async () => {
      const found = await rowsOf('many');
      return found.every((r) => r.status === 'sent') ? found : undefined;
    }, 'every message sent');
    // 20 + 20 + 5: three claims that found messages, and no empty one counted.
    expect(outbox.claims).toBe(3);
    await outbox.stop();
  });

  it('marks sent only the messages that went; the others keep their reason', async () => {
    const outbox = worker();
    await message('went-1@example.com', { kind: 'mixed' });
    await message('expired@example.com', { kind: 'mixed', discardAfter: new Date(Date.now() - 1) });
    await message('no-body@example.com', { kind: 'mixed', textBody: null });
    await message('went-2@example.com', { kind: 'mixed' });
    outbox.wake();
    const rows = await until(async () => {
      const found = await rowsOf('mixed');
      return found.every((r) => r.status !== 'pending') ? found : undefined;
    }, 'every message settled');
    const by = Object.fromEntries(rows.map((r) => [r.recipient, r]));
    expect(by['went-1@example.com']).toMatchObject({ status: 'sent', textBody: null });
    expect(by['went-2@example.com']).toMatchObject({ status: 'sent', textBody: null });
    expect(by['expired@example.com']).toMatchObject({ status: 'dropped', sentAt: null });
    expect(by['expired@example.com']!.lastError).toMatch(/too late/);
    expect(by['no-body@example.com']).toMatchObject({ status: 'failed', sentAt: null });
    expect(by['no-body@example.com']!.lastError).toMatch(/no body/);
    await outbox.stop();
  });
});
