import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@servery/contract/staff';
import { auditLog, outboxMessages } from '../../db/schema.ts';
import { importTestTenant, makeTenantDocument } from '../../../test/factories.ts';
import { addStaff, signInStaff, staffAgent, type StaffAgent } from '../../../test/staff.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { findTenantBySlug } from '../tenants/tenants.repository.ts';
import { storesOfTenant } from './staff.repository.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * A shop of the test's own with two stores and a signed-in owner: its staff list and audit log
 * hold only what that test did.
 */
async function openStaffShop() {
  const base = makeTenantDocument();
  const shop = {
    ...base,
    stores: [base.stores[0]!, { ...base.stores[0]!, slug: 'second', name: 'Second Store' }],
  };
  await importTestTenant(ctx.db, shop);
  const owner = await staffAgent(ctx.app, ctx.db, shop, 'owner');
  const tenant = await findTenantBySlug(ctx.db, shop.slug);
  const stores = await storesOfTenant(ctx.db, tenant!.id);
  const storeIds = {
    main: stores.find((s) => s.slug === 'main')!.id,
    second: stores.find((s) => s.slug === 'second')!.id,
  };
  return { shop, host: shop.hosts[0]!.host, tenantId: tenant!.id, owner, storeIds };
}

const api = (
  agent: StaffAgent,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: agent.headers, ...(payload ? { payload } : {}) });

const auditOf = (entityId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.id);

describe('staff management', () => {
  it('an owner adds a member of staff, who is e-mailed and signs in with fewer rights', async () => {
    const { host, owner, storeIds } = await openStaffShop();
    const email = `cook-${Date.now()}@staff.test`;
    const added = await api(owner, 'POST', '/api/admin/staff', {
      email: email.toUpperCase(),
      name: 'Sam Cook',
      role: 'staff',
      store_ids: [storeIds.second],
    });
    expect(added.statusCode).toBe(200);
    const member = added.json().data;
    expect(member).toMatchObject({ email, name: 'Sam Cook', role: 'staff', status: 'active' });
    expect(member.store_ids).toEqual([storeIds.second]);
    const [invite] = await ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    expect(invite!.kind).toBe('staff_invite');
    expect(invite!.textBody).toContain(`http://${host}/admin`);

    const cook = await signInStaff(ctx.app, ctx.db, host, email);
    const session = (await api(cook, 'GET', '/api/admin/session')).json().data;
    expect(session.stores).toEqual([{ id: storeIds.second, name: 'Second Store' }]);
    expect(session.permissions).not.toContain('staff:manage');
    expect((await api(cook, 'GET', '/api/admin/staff')).statusCode).toBe(403);

    const [row] = await auditOf(member.id);
    expect(row).toMatchObject({
      action: 'staff.invited',
      entity: 'staff',
      actorEmail: owner.email,
      actorRole: 'owner',
      before: null,
    });
    expect(row!.after).toMatchObject({ email, role: 'staff' });
    expect(row!.requestId).toBeTruthy();
  });

  it('refuses an address already on the staff, and stores of another shop, changing nothing', async () => {
    const { shop, owner } = await openStaffShop();
    const email = await addStaff(ctx.db, shop.slug, 'staff');
    const twice = await api(owner, 'POST', '/api/admin/staff', {
      email,
      name: 'Again',
      role: 'staff',
    });
    expect(twice.statusCode).toBe(409);
    const other = await importTestTenant(ctx.db, makeTenantDocument());
    const tenant = await findTenantBySlug(ctx.db, other.slug);
    const [foreign] = await storesOfTenant(ctx.db, tenant!.id);
    const bad = await api(owner, 'POST', '/api/admin/staff', {
      email: 'someone-new@staff.test',
      name: 'Someone',
      role: 'staff',
      store_ids: [foreign!.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ store_ids: 'Choose stores of this shop.' });
    const list = (await api(owner, 'GET', '/api/admin/staff')).json().data;
    expect(list.some((m: { email: string }) => m.email === 'someone-new@staff.test')).toBe(false);
  });

  it('changes a role and stores, with the before and after in the audit log', async () => {
    const { shop, owner, storeIds } = await openStaffShop();
    const email = await addStaff(ctx.db, shop.slug, 'staff', { stores: ['main'] });
    const list = (await api(owner, 'GET', '/api/admin/staff')).json().data;
    const id = list.find((m: { email: string }) => m.email === email).id;
    const res = await api(owner, 'PATCH', `/api/admin/staff/${id}`, {
      role: 'manager',
      store_ids: [storeIds.main, storeIds.second],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'manager' });
    const rows = await auditOf(id);
    const last = rows.at(-1)!;
    expect(last.action).toBe('staff.updated');
    expect(last.before).toMatchObject({ role: 'staff', store_ids: [storeIds.main] });
    expect(last.after).toMatchObject({ role: 'manager' });
  });

  it('removing someone ends their sessions at once', async () => {
    const { shop, host, owner } = await openStaffShop();
    const email = await addStaff(ctx.db, shop.slug, 'manager');
    const manager = await signInStaff(ctx.app, ctx.db, host, email);
    expect((await api(manager, 'GET', '/api/admin/session')).statusCode).toBe(200);
    const id = (await api(manager, 'GET', '/api/admin/session')).json().data.staff.id;
    expect((await api(owner, 'DELETE', `/api/admin/staff/${id}`)).statusCode).toBe(200);
    expect((await api(manager, 'GET', '/api/admin/session')).statusCode).toBe(401);
    const list = (await api(owner, 'GET', '/api/admin/staff')).json().data;
    expect(list.find((m: { id: string }) => m.id === id).status).toBe('removed');
    expect((await auditOf(id)).at(-1)!.action).toBe('staff.removed');
  });

  it('keeps at least one owner', async () => {
    const solo = makeTenantDocument();
    await importTestTenant(ctx.db, solo);
    const onlyOwner = await staffAgent(ctx.app, ctx.db, solo, 'owner');
    const me = (await api(onlyOwner, 'GET', '/api/admin/session')).json().data.staff.id;
    const demote = await api(onlyOwner, 'PATCH', `/api/admin/staff/${me}`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    const remove = await api(onlyOwner, 'DELETE', `/api/admin/staff/${me}`);
    expect(remove.statusCode).toBe(409);
    expect((await api(onlyOwner, 'GET', '/api/admin/session')).json().data.staff.role).toBe(
      'owner',
    );
  });

  it('reads the audit log newest first, filtered by entity and actor', async () => {
    const { shop, owner, storeIds } = await openStaffShop();
    // Rows by another actor (the command line) and the owner's own two changes.
    await addStaff(ctx.db, shop.slug, 'staff');
    const added = await api(owner, 'POST', '/api/admin/staff', {
      email: `audited-${Date.now()}@staff.test`,
      name: 'Audited',
      role: 'staff',
      store_ids: [storeIds.main],
    });
    expect(added.statusCode).toBe(200);
    const memberId = added.json().data.id as string;
    const changed = await api(owner, 'PATCH', `/api/admin/staff/${memberId}`, { role: 'manager' });
    expect(changed.statusCode).toBe(200);
    const res = await api(
      owner,
      'GET',
      `/api/admin/audit?entity=staff&actor=${encodeURIComponent(owner.email)}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as AuditEntry[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.actor.email === owner.email && r.entity === 'staff')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows.map((r) => [r.action, r.entity_id])).toEqual([
      ['staff.updated', memberId],
      ['staff.invited', memberId],
    ]);
    const bad = await api(owner, 'GET', '/api/admin/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });

  it('never lets an audit row be changed or deleted', async () => {
    const { shop, tenantId } = await openStaffShop();
    await addStaff(ctx.db, shop.slug, 'staff');
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.tenantId, tenantId));
    await expect(
      ctx.db.execute(sql`update audit_log set action = 'forged' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`delete from audit_log where id = ${row!.id}`),
    ).rejects.toThrow();
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.action).toBe(row!.action);
  });
});
