import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { LiveEventsHub } from './live-events.hub.ts';
import { recordLiveEvent } from './live-events.repository.ts';

// The hub on its own, its LISTEN connection replaced by hooks the test calls itself, so a
// notification and a reconnection can be made to arrive in a chosen order.
let database: DatabaseHandle;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const doc = makeTenantDocument();
  await importTestTenant(database.db, doc);
  tenantId = (await findTenantBySlug(database.db, doc.slug))!.id;
});
afterAll(async () => {
  await database.close();
});

describe('LiveEventsHub', () => {
  it('sends an event once when its notification comes while a catch-up is running', async () => {
    let notify: (payload: string) => void = () => {};
    let reconnected: () => void = () => {};
    const hub = new LiveEventsHub({
      ...database,
      listen: async (_channel, onNotify, options) => {
        notify = onNotify;
        reconnected = options?.onReconnect ?? (() => {});
        return async () => {};
      },
    });
    await hub.start();
    const sent: number[] = [];
    hub.add({ tenantId, storeIds: [], lastId: 0, send: (event) => sent.push(event.id) });
    const id = await recordLiveEvent(database.db, {
      tenantId,
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
});
