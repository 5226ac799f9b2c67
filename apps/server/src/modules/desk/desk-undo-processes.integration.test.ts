import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { insertTestOrder } from '../../../test/orders.ts';
import { startSmtpMailbox, type SmtpMailbox } from '../../../test/smtp-mailbox.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { twoProcesses } from '../../../test/two-processes.ts';
import { until } from '../../../test/until.ts';
import { storesOfTenant } from '../staff/staff.repository.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';

// Decision 65's held news when the process that made the move is gone: a third process makes
// the moves and stops, and the outbox of another sends what is due once the holds end. On
// PostgreSQL each process has its own pool; on PGlite they share the embedded database.
// desk-undo-faults.postgres.integration.test.ts kills a real server process instead.
const shop = makeTenantDocument();
let mailbox: SmtpMailbox;
let servers: Awaited<ReturnType<typeof twoProcesses>>;
let cook: StaffAgent;
let where: { tenantId: string; storeId: string };

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  // Only the first process sends the outbox, to the mailbox (two-processes.ts).
  servers = await twoProcesses({ messages: { smtpUrl: mailbox.url, deliver: true } });
  await importTestTenant(servers.first.db, shop);
  const tenant = (await findTenantBySlug(servers.first.db, shop.slug))!;
  where = {
    tenantId: tenant.id,
    storeId: (await storesOfTenant(servers.first.db, tenant.id))[0]!.id,
  };
  cook = await staffAgent(servers.first.app, servers.first.db, shop, 'staff', { stores: ['main'] });
});
afterAll(async () => {
  await servers?.close();
  await mailbox?.close();
});

type App = (typeof servers.apps)[number];
const post = async (app: App, url: string, body: object) => {
  const res = await app.inject({ method: 'POST', url, headers: cook.headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
};
const heldReady = (orderId: string) =>
  servers.first.db
    .select({ status: outboxMessages.status, attempts: outboxMessages.attempts })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, orderId), eq(outboxMessages.kind, 'order_ready')));
const readyMailsTo = (email: string) =>
  mailbox.received.filter((m) => m.to.includes(email) && m.raw.includes('is ready'));

it('never sends the news of an undone move once its process is gone, and sends the rest from another', async () => {
  const undoneThere = await insertTestOrder(servers.first.db, where);
  const undoneElsewhere = await insertTestOrder(servers.first.db, where);
  const kept = await insertTestOrder(servers.first.db, where);
  const mover = await servers.another();
  try {
    for (const order of [undoneThere, undoneElsewhere, kept]) {
      await post(mover.app, `/api/admin/orders/${order.id}/status`, {
        status: 'accepted',
        minutes: 15,
      });
      await post(mover.app, `/api/admin/orders/${order.id}/status`, { status: 'ready' });
    }
    // One stray tap is taken back at once, on the screen's own process.
    await post(mover.app, `/api/admin/orders/${undoneThere.id}/undo-move`, { status: 'ready' });
  } finally {
    await mover.close();
  }
  // The process that made the moves is gone; the tablet's next request reaches another.
  await post(servers.second, `/api/admin/orders/${undoneElsewhere.id}/undo-move`, {
    status: 'ready',
  });
  expect(await heldReady(undoneThere.id)).toEqual([]);
  expect(await heldReady(undoneElsewhere.id)).toEqual([]);
  expect(await heldReady(kept.id)).toEqual([{ status: 'pending', attempts: 0 }]);

  // The holds end, as they do on the database's clock once the window has passed, and the
  // first process's outbox sends what is due.
  await servers.first.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.tenantId, where.tenantId),
        eq(outboxMessages.status, 'pending'),
        gt(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    );
  const sent = await mailbox.mailTo(kept.customerEmail!, 'is ready to collect');
  expect(sent).toContain(`Your order #${kept.number} is ready to collect`);
  await until(
    async () => ((await heldReady(kept.id))[0]?.status === 'sent' ? true : undefined),
    'the sent mark',
  );
  // That run sent everything due: neither undone order's customer was told "ready".
  expect(readyMailsTo(undoneThere.customerEmail!)).toEqual([]);
  expect(readyMailsTo(undoneElsewhere.customerEmail!)).toEqual([]);
  expect(readyMailsTo(kept.customerEmail!)).toHaveLength(1);
});
