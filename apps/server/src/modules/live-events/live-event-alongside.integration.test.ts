import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, liveEvents, outboxMessages } from '../../db/schema.ts';
import { oneShopDatabase } from '../../../test/one-shop-database.ts';
import { auditRow, type AuditActor } from '../audit/audit.repository.ts';
import { messageRow, type NewOutboxMessage } from '../outbox/outbox.repository.ts';
import {
  LIVE_EVENTS_CHANNEL,
  changeWithLiveEvent,
  recordLiveEvent,
} from './live-events.repository.ts';

// Decision 52's fence: a desk move's audit row and queued message are written in the statement
// that records and announces its live event. They must land as the plain inserts landed them
// (JSON as JSON, defaults filled), and all or nothing: a board never hears of a change whose
// message or audit row was not written.
const shop = oneShopDatabase();

const actor = (): AuditActor => ({
  tenantId: shop.tenantId,
  actorId: null,
  actorEmail: 'owner@example.com',
  actorRole: 'owner',
  requestId: 'req-52',
  ip: '203.0.113.9',
});

const message = (entity: string, tenantId = shop.tenantId): NewOutboxMessage => ({
  tenantId,
  channel: 'email',
  recipient: 'ada@example.com',
  kind: 'order.accepted',
  subject: `Order ${entity} accepted`,
  textBody: 'Your order is accepted.',
  htmlBody: '<p>Your order is accepted.</p>',
  senderName: 'Test Shop',
});

/** What was announced on the live events' channel while `run` ran, and 200 ms after it. */
async function announcedDuring(run: () => Promise<unknown>) {
  const payloads: string[] = [];
  const unlisten = await shop.database.listen(LIVE_EVENTS_CHANNEL, (p) => payloads.push(p));
  await run();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await unlisten();
  return payloads;
}

/** The live events and audit rows written about an entity. */
async function rowsAbout(entityId: string) {
  const { db } = shop.database;
  return {
    events: await db.select().from(liveEvents).where(eq(liveEvents.entityId, entityId)),
    audits: await db.select().from(auditLog).where(eq(auditLog.entityId, entityId)),
  };
}

describe('rows written beside a live event (decision 52)', () => {
  it('writes the audit row and the message as their own inserts would, with the event', async () => {
    const { db } = shop.database;
    const id = await recordLiveEvent(
      db,
      { tenantId: shop.tenantId, storeId: shop.storeId, kind: 'order.status', entityId: 'o-52' },
      [
        auditRow(actor(), {
          action: 'order.accepted',
          entity: 'order',
          entityId: 'o-52',
          before: { status: 'placed' },
          after: { status: 'accepted', promised_at: null },
        }),
        messageRow(message('o-52')),
      ],
    );
    const [event] = await db.select().from(liveEvents).where(eq(liveEvents.id, id));
    expect(event).toMatchObject({ kind: 'order.status', entityId: 'o-52' });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, 'o-52'));
    expect(audit).toMatchObject({
      ...actor(),
      action: 'order.accepted',
      before: { status: 'placed' },
      after: { status: 'accepted', promised_at: null },
    });
    expect(audit!.createdAt).toBeInstanceOf(Date);
    const [queued] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Order o-52 accepted'));
    expect(queued).toMatchObject({ ...message('o-52'), status: 'pending', attempts: 0 });
  });

  it('writes nothing and announces nothing when one of the rows cannot be written', async () => {
    const { db } = shop.database;
    const noSuchShop = '00000000-0000-4000-8000-000000000052';
    let failed: unknown = null;
    const payloads = await announcedDuring(async () => {
      failed = await recordLiveEvent(
        db,
        { tenantId: shop.tenantId, storeId: shop.storeId, kind: 'order.status', entityId: 'o-53' },
        [
          auditRow(actor(), { action: 'order.accepted', entity: 'order', entityId: 'o-53' }),
          messageRow(message('o-53', noSuchShop)),
        ],
      ).then(
        () => null,
        (error: unknown) => error,
      );
    });
    expect(failed).toBeInstanceOf(Error);
    expect(payloads).toEqual([]);
    expect(await rowsAbout('o-53')).toEqual({ events: [], audits: [] });
  });

  it('writes nothing and announces nothing when its change matches no row (decision 53)', async () => {
    const { db } = shop.database;
    const noSuchOrder = '00000000-0000-4000-8000-000000000053';
    let rows: unknown[] = [];
    const payloads = await announcedDuring(async () => {
      rows = await changeWithLiveEvent(
        db,
        {
          sql: 'update orders set notes = $1 where tenant_id = $2 and id = $3 returning *',
          params: ['moved', shop.tenantId, noSuchOrder],
        },
        { tenantId: shop.tenantId, storeId: shop.storeId, kind: 'order.status', entityId: 'o-54' },
        [
          auditRow(actor(), { action: 'order.accepted', entity: 'order', entityId: 'o-54' }),
          messageRow(message('o-54')),
        ],
      );
    });
    expect(rows).toEqual([]);
    expect(payloads).toEqual([]);
    expect(await rowsAbout('o-54')).toEqual({ events: [], audits: [] });
    const queued = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Order o-54 accepted'));
    expect(queued).toEqual([]);
  });
});
