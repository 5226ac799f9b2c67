import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orders, outboxMessages } from '../../db/schema.ts';
import type { Mail, MailTransport } from '../../providers/mail/mail-transport.ts';
import { createLogSmsTransport } from '../../providers/sms/log.ts';
import { silentLog } from '../../../test/silent-log.ts';
import { oneShopDatabase } from '../../../test/one-shop-database.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { until } from '../../../test/until.ts';
import { enqueueMessage } from './outbox.repository.ts';
import { OutboxWorker } from './outbox.worker.ts';
import { ShopMailTransports } from './shop-mail.ts';

// Decision 82 with two outbox runs at once (two processes' workers on one database): each piece
// of held news is claimed by one run, which sends it or drops it; never both, never twice.
const shop = oneShopDatabase();
const delivered: Mail[] = [];

function worker() {
  const mail: MailTransport = {
    name: 'counting',
    send: async (m) => {
      delivered.push(m);
    },
    close: () => {},
  };
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

it('two runs claiming side by side send the news still true once and drop the rest', async () => {
  const where = { tenantId: shop.tenantId, storeId: shop.storeId };
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const order = await insertTestOrder(shop.database.db, where, {
      status: i % 2 ? 'completed' : 'ready',
      customerEmail: `two-runs-${i}@example.com`,
    });
    ids.push(order.id);
    await enqueueMessage(shop.database.db, {
      tenantId: shop.tenantId,
      orderId: order.id,
      channel: 'email',
      recipient: `two-runs-${i}@example.com`,
      kind: 'order_ready',
      subject: 'Your order is ready',
      textBody: 'Your order is ready to collect.',
      htmlBody: null,
      senderName: 'Test shop',
    });
  }
  const runs = [worker(), worker()];
  await Promise.all(runs.map((run) => run.drain()));
  const rows = await until(async () => {
    const found = await shop.database.db
      .select({ status: outboxMessages.status, order: orders.status, to: outboxMessages.recipient })
      .from(outboxMessages)
      .innerJoin(orders, eq(orders.id, outboxMessages.orderId))
      .where(inArray(outboxMessages.orderId, ids));
    return found.every((r) => r.status !== 'pending') ? found : undefined;
  }, 'every message settled');
  for (const row of rows) {
    expect(row.status).toBe(row.order === 'ready' ? 'sent' : 'dropped');
    const mails = delivered.filter((m) => m.to === row.to);
    expect(mails).toHaveLength(row.order === 'ready' ? 1 : 0);
  }
  await Promise.all(runs.map((run) => run.stop()));
});
