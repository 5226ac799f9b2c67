import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema.ts';
import { oneShopDatabase } from '../../../test/one-shop-database.ts';
import { LiveEventsHub } from './live-events.hub.ts';
import { silentLog } from '../../../test/silent-log.ts';
import { until } from '../../../test/until.ts';
import { recordLiveEvent } from './live-events.repository.ts';

// The hub on its own, its LISTEN connection replaced by hooks the test calls itself, so a
// notification and a reconnection can be made to arrive in a chosen order.
const shop = oneShopDatabase();

/**
 * A hub whose LISTEN connection is replaced by hooks the test calls itself, so that a
 * notification and a reconnection arrive in the order the test chooses.
 */
async function hubWithHooks() {
  const hooks = { notify: (_payload: string) => {}, reconnect: () => {} };
  const hub = new LiveEventsHub(
    {
      ...shop.database,
      listen: async (_channel, onNotify, options) => {
        hooks.notify = onNotify;
        hooks.reconnect = options?.onReconnect ?? (() => {});
        return async () => {};
      },
    },
    () => new Date(),
    silentLog,
  );
  await hub.start();
  return {
    hub,
    notify: (payload: string) => hooks.notify(payload),
    reconnected: () => hooks.reconnect(),
  };
}

describe('LiveEventsHub', () => {
  it('sends an event once when its notification comes while a catch-up is running', async () => {
    const { hub, notify, reconnected } = await hubWithHooks();
    const sent: number[] = [];
    hub.add({
      tenantId: shop.tenantId,
      storeIds: [],
      send: (event) => sent.push(event.id),
      end: () => {},
    });
    const id = await recordLiveEvent(shop.database.db, {
      tenantId: shop.tenantId,
      storeId: null,
      kind: 'order.created',
      entityId: 'order-1',
    });
    // The listener is back: the catch-up reads the table, and the event committed just after
    // LISTEN was in place is announced too. Both find it before either has sent it.
    reconnected();
    notify(String(id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual([id]);
    await hub.stop();
  });

  it('after a reconnection, sends an event that took a lower id but committed late', async () => {
    const { hub, notify, reconnected } = await hubWithHooks();
    const sent: string[] = [];
    hub.add({
      tenantId: shop.tenantId,
      storeIds: [],
      send: (event) => sent.push(event.entityId),
      end: () => {},
    });
    // A transaction takes an id, and is still open when a later event commits and is sent...
    const lateId = Number(
      (
        (await shop.database.db.execute(
          sql`select nextval(pg_get_serial_sequence('live_events', 'id')) as id`,
        )) as unknown as { rows: { id: string }[] }
      ).rows[0]!.id,
    );
    const early = await recordLiveEvent(shop.database.db, {
      tenantId: shop.tenantId,
      storeId: null,
      kind: 'order.status',
      entityId: 'committed-first',
    });
    notify(String(early));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // ...then commits while the listening connection is down: its NOTIFY is lost.
    await shop.database.db.insert(liveEvents).values({
      id: lateId,
      tenantId: shop.tenantId,
      storeId: null,
      kind: 'order.created',
      entityId: 'committed-late',
    });
    reconnected();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual(['committed-first', 'committed-late']);
    await hub.stop();
  });
  it("catches a customer's order page up after a reconnection, with that order's events only", async () => {
    const { hub, reconnected } = await hubWithHooks();
    const sent: string[] = [];
    hub.add({
      tenantId: shop.tenantId,
      storeIds: [],
      orderId: 'order-followed',
      send: (event) => sent.push(`${event.kind} ${event.entityId}`),
      end: () => {},
    });
    // Written while the listening connection is down (a shop.database restart): no NOTIFY arrives.
    for (const [kind, entityId] of [
      ['order.status', 'order-other'],
      ['booking.created', 'order-followed'],
      ['order.status', 'order-followed'],
    ] as const) {
      await recordLiveEvent(shop.database.db, {
        tenantId: shop.tenantId,
        storeId: null,
        kind,
        entityId,
      });
    }
    reconnected();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual(['order.status order-followed']);
    await hub.stop();
  });

  it('after a reconnection, replays every event written while it was down, page by page, once each', async () => {
    const { hub, reconnected } = await hubWithHooks();
    const sent: number[] = [];
    hub.add({
      tenantId: shop.tenantId,
      storeIds: [],
      send: (event) => sent.push(event.id),
      end: () => {},
    });
    // 2,500 events while the listening connection is down: far more than one page (500).
    const written = (await shop.database.db.execute(sql`
      insert into live_events (tenant_id, store_id, kind, entity_id)
      select ${shop.tenantId}, null, 'order.status', 'outage-' || n from generate_series(1, 2500) n
      returning id`)) as unknown as { rows: { id: string | number }[] };
    const ids = written.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    reconnected();
    await until(() => (sent.length >= ids.length ? true : undefined), 'the replay');
    // A second reconnection finds nothing new to send.
    reconnected();
    await hub.catchUp();
    expect(sent).toEqual(ids);
    await hub.stop();
  });
});
