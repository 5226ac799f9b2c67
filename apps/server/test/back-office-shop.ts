import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { storesOfTenant } from '../src/modules/staff/staff.repository.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { importTestTenant, makeTenantDocument } from './factories.ts';
import { insertTestOrder } from './orders.ts';
import { staffAgent, type StaffAgent } from './staff.ts';
import { createTestApp } from './test-app.ts';

const SECRET = 'sk_test_back_office';

/**
 * The back office's tests' setting (issue 29): an app paying through the fake Stripe, a shop of
 * two stores (main and kiosk), its owner, a manager and a member of staff who work in main only.
 */
export function useBackOfficeShop() {
  const base = makeTenantDocument();
  const doc = {
    ...base,
    stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'kiosk', name: 'Kiosk', menu: null }],
  };
  const s = {} as {
    ctx: Awaited<ReturnType<typeof createTestApp>>;
    fake: FakeStripe;
    tenantId: string;
    main: { tenantId: string; storeId: string; storeName: string };
    kiosk: { tenantId: string; storeId: string; storeName: string };
    owner: StaffAgent;
    manager: StaffAgent;
    cook: StaffAgent;
  };
  beforeAll(async () => {
    s.fake = await startFakeStripe(SECRET);
    s.ctx = await createTestApp({
      stripe: {
        secretKey: SECRET,
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiUrl: s.fake.url,
      },
    });
    await importTestTenant(s.ctx.db, doc);
    const tenant = (await findTenantBySlug(s.ctx.db, doc.slug))!;
    const stores = await storesOfTenant(s.ctx.db, tenant.id);
    const storeOf = (name: string) => stores.find((store) => store.name === name)!;
    s.tenantId = tenant.id;
    s.main = {
      tenantId: tenant.id,
      storeId: storeOf(base.stores[0]!.name).id,
      storeName: base.stores[0]!.name,
    };
    s.kiosk = { tenantId: tenant.id, storeId: storeOf('Kiosk').id, storeName: 'Kiosk' };
    s.owner = await staffAgent(s.ctx.app, s.ctx.db, doc, 'owner');
    s.manager = await staffAgent(s.ctx.app, s.ctx.db, doc, 'manager', { stores: ['main'] });
    s.cook = await staffAgent(s.ctx.app, s.ctx.db, doc, 'staff', { stores: ['main'] });
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.fake?.close();
  });

  /** A card order through Stripe, charged (2 × 1095 = 2190), accepted by the kitchen. */
  async function stripeOrder(where = s.main, options: Parameters<typeof insertTestOrder>[2] = {}) {
    const id = randomUUID();
    await fetch(`${s.fake.url}/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ amount: '2190', currency: 'gbp', 'metadata[order_id]': id }),
    });
    const intent = s.fake.intentOf(id)!;
    intent.status = 'succeeded';
    const order = await insertTestOrder(s.ctx.db, where, {
      id,
      status: 'accepted',
      payment: 'card',
      stripeIntent: intent.id,
      paymentStatus: 'succeeded',
      ...options,
    });
    return { ...order, intentId: intent.id };
  }

  return Object.assign(s, { doc, stripeOrder });
}
