import type { EditableMenu } from '@servery/contract/menu-editor';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { everyDayHours, importTestTenant, makeCatalogueDocument } from './factories.ts';
import { signInCustomer } from './sign-in.ts';
import { staffAgent, type StaffAgent } from './staff.ts';
import type { createTestApp } from './test-app.ts';

type TestContext = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Issue 28's shop: Camden and Shoreditch sell from one menu (so a dish is one row at both), with
 * an owner, a manager of both, a Camden-only manager and a Camden-only cook, and a customer.
 */
export async function openEditorShop(ctx: TestContext) {
  const base = makeCatalogueDocument();
  const open = { openingHours: everyDayHours('11:00', '22:00') };
  const shop: TenantDocumentInput = {
    ...base,
    stores: [
      { ...base.stores[0]!, ...open, slug: 'camden', name: 'Camden' },
      { ...base.stores[0]!, ...open, slug: 'shoreditch', name: 'Shoreditch', menu: 'main' },
    ],
    home: { ...base.home, mainStore: 'camden' },
  };
  const host = shop.hosts[0]!.host;
  await importTestTenant(ctx.db, shop);
  const tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
  const agent = (role: 'owner' | 'manager' | 'staff', stores?: string[]) =>
    staffAgent(ctx.app, ctx.db, shop, role, stores ? { stores } : {});
  const owner = await agent('owner');
  const manager = await agent('manager', ['camden', 'shoreditch']);
  const camdenManager = await agent('manager', ['camden']);
  const camdenCook = await agent('staff', ['camden']);
  const customer = (await signInCustomer(ctx.app, ctx.db, host, { email: 'diner@example.com' }))
    .token;

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${customer}` } });
  const stores = (await get('/api/store')).json().data as StoreSummary[];
  const camden = stores.find((s) => s.slug === 'camden')!.id;
  const shoreditch = stores.find((s) => s.slug === 'shoreditch')!.id;

  const admin = (
    method: Method,
    url: string,
    payload?: object,
    who: StaffAgent = manager,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...who.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
  const editorMenu = async (storeId = camden, who: StaffAgent = manager) =>
    (await admin('GET', `/api/admin/menu?store_id=${storeId}`, undefined, who)).json()
      .data as EditableMenu;
  const storeMenu = async (storeId: string) =>
    (await get(`/api/menu/${storeId}`)).json().data as StoreMenu;
  const dishAt = async (storeId: string, name: string) =>
    (await storeMenu(storeId)).categories.flatMap((c) => c.items).find((i) => i.name === name);
  const auditRows = (action: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
  const order = (storeId: string, lines: object[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { host, authorization: `Bearer ${customer}` },
      payload: {
        store_id: storeId,
        order_type: 'collection',
        when: 'asap',
        lines,
        payment_method: 'cash',
      },
    });

  return {
    shop,
    host,
    tenantId,
    camden,
    shoreditch,
    owner,
    manager,
    camdenManager,
    camdenCook,
    get,
    admin,
    editorMenu,
    storeMenu,
    dishAt,
    auditRows,
    order,
  };
}

/** A new dish's body: one category, the stores given, one option group. */
export function newDish(categoryId: string, storeIds: string[], overrides: object = {}) {
  return {
    category_id: categoryId,
    name: 'Dal makhani',
    description: 'Black lentils, slow-cooked overnight with butter and cream.',
    price: 895,
    vat_rate: 20,
    kcal: 640,
    allergens: { contains: ['milk'], may_contain: ['mustard'] },
    diets: ['vegetarian'],
    store_ids: storeIds,
    option_groups: [
      {
        name: 'Rice',
        min: 1,
        max: 1,
        options: [
          { name: 'Plain rice', price_delta: 0 },
          { name: 'Pilau rice', price_delta: 150 },
        ],
      },
    ],
    ...overrides,
  };
}
