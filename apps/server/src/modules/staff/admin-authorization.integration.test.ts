import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@servery/contract/staff-roles';
import {
  ADMIN_ROUTES,
  type AdminFixtures,
  type AdminRouteCase,
} from '../../../test/admin-route-table.ts';
import { makeAdminFixtures } from '../../../test/admin-route-fixtures.ts';
import { signIn } from '../../../test/sign-in.ts';
import { staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';

/**
 * Issue 13's table: every /api/admin route refuses anybody who should not reach it, the same
 * way. A route missing from the table fails the first test.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let fixtures: AdminFixtures;
let shopHost: string;
let customerToken: string;
let otherShopOwner: StaffAgent;
/** The shop's owner, who works in every store. */
let owner: StaffAgent;
/** One member of staff per role, working only in the shop's `ownStoreId`. */
const limited = {} as Record<StaffRole, StaffAgent>;

beforeAll(async () => {
  ctx = await createTestApp();
  const made = await makeAdminFixtures(ctx);
  fixtures = made.fixtures;
  shopHost = made.shop.hosts[0]!.host;
  customerToken = (await signIn(ctx.app, ctx.db, shopHost, { email: 'guest@example.com' })).token;
  otherShopOwner = await staffAgent(ctx.app, ctx.db, made.otherShop, 'owner');
  owner = await staffAgent(ctx.app, ctx.db, made.shop, 'owner');
  for (const role of STAFF_ROLES) {
    limited[role] = await staffAgent(ctx.app, ctx.db, made.shop, role, {
      stores: [made.ownStoreSlug],
    });
  }
});
afterAll(() => ctx.close());

const call = (c: AdminRouteCase, headers: Record<string, string>, host = shopHost) =>
  ctx.app.inject({
    method: c.method,
    url: c.url(fixtures),
    headers: { host, origin: `http://${host}`, ...headers },
    ...(c.body ? { payload: c.body(fixtures) as object } : {}),
  });

const guarded = ADMIN_ROUTES.filter((c) => !c.public);
const name = (c: AdminRouteCase) => `${c.method} ${c.route}`;

describe('the authorisation table', () => {
  it('lists every /api/admin route the server has', () => {
    const documented = new Set<string>();
    for (const route of adminRoutesOf(ctx.app)) documented.add(route);
    const listed = new Set(ADMIN_ROUTES.map(name));
    const missing = [...documented].filter((r) => !listed.has(r));
    expect(missing, 'add these routes to apps/server/test/admin-route-table.ts').toEqual([]);
    expect([...listed].filter((r) => !documented.has(r))).toEqual([]);
  });

  it.each(guarded.map((c) => [name(c), c] as const))('%s: 401 without a session', async (_, c) => {
    const res = await call(c, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401 });
  });

  it.each(guarded.map((c) => [name(c), c] as const))(
    '%s: 401 with a customer bearer token',
    async (_, c) => {
      const res = await call(c, { authorization: `Bearer ${customerToken}` });
      expect(res.statusCode).toBe(401);
    },
  );

  const needingPermission = guarded.filter(
    (c) =>
      c.permission && STAFF_ROLES.some((role) => !ROLE_PERMISSIONS[role].includes(c.permission!)),
  );
  it.each(needingPermission.map((c) => [name(c), c] as const))(
    '%s: 403 for a role without the permission',
    async (_, c) => {
      for (const role of STAFF_ROLES.filter((r) => !ROLE_PERMISSIONS[r].includes(c.permission!))) {
        const res = await call(c, { cookie: limited[role].cookie });
        expect(res.statusCode, role).toBe(403);
      }
    },
  );

  const scoped = guarded.filter((c) => c.scope !== 'none');
  it.each(scoped.map((c) => [name(c), c] as const))(
    '%s: 404 for the staff of another shop',
    async (_, c) => {
      const otherHost = otherShopOwner.host;
      const res = await call(c, { cookie: otherShopOwner.cookie }, otherHost);
      expect(res.statusCode).toBe(404);
    },
  );

  const storeScoped = guarded.filter((c) => c.scope === 'store');
  it.each(storeScoped.map((c) => [name(c), c] as const))(
    '%s: 404 for staff who do not work in the store',
    async (_, c) => {
      const role = STAFF_ROLES.find(
        (r) => r !== 'owner' && (!c.permission || ROLE_PERMISSIONS[r].includes(c.permission)),
      )!;
      const res = await call(c, { cookie: limited[role].cookie });
      expect(res.statusCode).toBe(404);
    },
  );

  const wholeShop = guarded.filter((c) => c.wholeShop);
  it.each(wholeShop.map((c) => [name(c), c] as const))(
    '%s: 403 for staff limited to some stores, even with the permission',
    async (_, c) => {
      const shopAsOwnerSees = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/admin/shop',
            headers: { host: shopHost, cookie: owner.cookie },
          })
        ).json().data;
      const before = await shopAsOwnerSees();
      for (const role of STAFF_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(c.permission!))) {
        if (role === 'owner') continue;
        const res = await call(c, { cookie: limited[role].cookie });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message).toMatch(/works in all of them/);
      }
      // A refusal changes nothing: the owner reads the same switches as before.
      expect(await shopAsOwnerSees()).toEqual(before);
    },
  );
});

/** "METHOD /path" of every registered route under /api/admin (HEAD twins left out). */
function adminRoutesOf(app: typeof ctx.app): string[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/admin')) continue;
    for (const method of Object.keys(operations)) {
      if (method === 'head') continue;
      routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return routes;
}
