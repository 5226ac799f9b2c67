import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema.ts';
import { oneShopDatabase } from '../../../test/one-shop-database.ts';
import { until } from '../../../test/until.ts';
import {
  LIVE_EVENTS_CHANNEL,
  eventById,
  eventFromPayload,
  recordLiveEvent,
} from './live-events.repository.ts';

// Decision 47's fence: an event is written and announced in one statement of hand-written SQL,
// and its NOTIFY payload is the row, which the hubs send on without reading it back. If the
// statement or the decoding drifts from the table (a column added, renamed or decoded wrongly),
// the row a board is sent would differ from the row in the table: these tests compare the two.
const shop = oneShopDatabase();

async function announced(write: () => Promise<number>) {
  const payloads: string[] = [];
  const unlisten = await shop.database.listen(LIVE_EVENTS_CHANNEL, (p) => payloads.push(p));
  try {
    const id = await write();
    const payload = await until(() => payloads[0], 'the notification');
    return { id, payload };
  } finally {
    await unlisten();
  }
}

describe('live events announced with their row (decision 47)', () => {
  it('sends the row the table holds: every column, each decoded as Drizzle decodes it', async () => {
    for (const event of [
      {
        tenantId: shop.tenantId,
        storeId: shop.storeId,
        kind: 'order.created' as const,
        entityId: 'order-payload-1',
      },
      {
        tenantId: shop.tenantId,
        storeId: null,
        kind: 'store.changed' as const,
        entityId: 'shop-wide',
      },
    ]) {
      const { id, payload } = await announced(() => recordLiveEvent(shop.database.db, event));
      const keys = Object.keys(JSON.parse(payload) as object).sort();
      const columns = Object.values(getTableColumns(liveEvents)).map((c) => c.name);
      expect(keys).toEqual(columns.sort());
      const decoded = eventFromPayload(payload);
      expect(decoded).toEqual(await eventById(shop.database.db, id));
      expect(decoded).toMatchObject({ id, ...event });
      expect(decoded!.createdAt).toBeInstanceOf(Date);
    }
  });

  it('announces nothing when the transaction is rolled back', async () => {
    const payloads: string[] = [];
    const unlisten = await shop.database.listen(LIVE_EVENTS_CHANNEL, (p) => payloads.push(p));
    await shop.database.db
      .transaction(async (tx) => {
        await recordLiveEvent(tx, {
          tenantId: shop.tenantId,
          storeId: shop.storeId,
          kind: 'order.status',
          entityId: 'gone',
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const { payload } = await announced(() =>
      recordLiveEvent(shop.database.db, {
        tenantId: shop.tenantId,
        storeId: shop.storeId,
        kind: 'order.status',
        entityId: 'kept',
      }),
    );
    await unlisten();
    expect(payloads.map((p) => eventFromPayload(p)?.entityId)).toEqual(['kept']);
    expect(eventFromPayload(payload)?.entityId).toBe('kept');
  });

  it('announces a row too long for a NOTIFY by its id, which reads back the same row', async () => {
    const entityId = `long-${'x'.repeat(9000)}`;
    const { id, payload } = await announced(() =>
      recordLiveEvent(shop.database.db, {
        tenantId: shop.tenantId,
        storeId: shop.storeId,
        kind: 'order.status',
        entityId,
      }),
    );
    expect(payload).toBe(String(id));
    expect(eventFromPayload(payload)).toBeNull();
    expect((await eventById(shop.database.db, id))?.entityId).toBe(entityId);
  });

  it('reads a bare id, or anything else, as no row (the hub reads those back)', () => {
    expect(eventFromPayload('42')).toBeNull();
    expect(eventFromPayload('{not json')).toBeNull();
    expect(eventFromPayload('{"id": 1}')).toBeNull();
  });
});
