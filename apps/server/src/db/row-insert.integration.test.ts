import { DrizzleQueryError } from 'drizzle-orm/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestTenant } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { insertStatement, rowFromDriver, rowInsert, runPrepared } from './row-insert.ts';
import { auditLog, tenants } from './schema.ts';

// runPrepared runs the busiest writes (decisions 51 and 53) by a name made from their text, on
// PGlite and on PostgreSQL: a row it gives back reads as Drizzle's own select reads it, the
// same text runs again and again, and a statement the database refuses fails as any Drizzle
// query fails (DrizzleQueryError with the driver's error as its cause), changing nothing.
let database: DatabaseHandle;
let tenantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { slug } = await importTestTenant(database.db);
  const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, slug));
  tenantId = tenant!.id;
});
afterAll(() => database.close());

const entry = (entityId: string) =>
  rowInsert(auditLog, {
    tenantId,
    actorId: null,
    actorEmail: 'owner@example.com',
    actorRole: 'owner',
    action: 'order.accepted',
    entity: 'order',
    entityId,
    before: { status: 'placed', lines: [{ name: 'Naan', quantity: 2 }] },
    after: { status: 'accepted' },
    createdAt: new Date('2026-11-27T19:30:00.123Z'),
  });

describe('runPrepared', () => {
  it('gives back rows that read as Drizzle reads them, run after run of the same text', async () => {
    for (const id of ['o-1', 'o-2', 'o-3']) {
      const [raw] = await runPrepared(database.db, insertStatement(entry(id), 'returning *'));
      const written = rowFromDriver(auditLog, raw!);
      const [read] = await database.db.select().from(auditLog).where(eq(auditLog.id, written.id));
      expect(written).toEqual(read);
      expect(written.createdAt).toEqual(new Date('2026-11-27T19:30:00.123Z'));
      expect(written.before).toEqual({ status: 'placed', lines: [{ name: 'Naan', quantity: 2 }] });
      expect(written.entityId).toBe(id);
    }
  });

  it('runs in the transaction it is given: a rollback takes its row away', async () => {
    const rolledBack = new Error('rolled back on purpose');
    await expect(
      database.db.transaction(async (tx) => {
        const [raw] = await runPrepared(tx, insertStatement(entry('o-tx'), 'returning id'));
        expect(raw?.id).toBeDefined();
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entityId, 'o-tx'));
    expect(rows).toEqual([]);
  });

  it('fails as Drizzle fails when PostgreSQL refuses the statement, with its code', async () => {
    const bad = insertStatement(
      rowInsert(auditLog, { ...entry('o-bad').values, tenantId: 'not a uuid' } as never),
    );
    const failure = await runPrepared(database.db, bad).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).query).toBe(bad.sql);
    expect(((failure as DrizzleQueryError).cause as { code?: string }).code).toBe('22P02');
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entityId, 'o-bad'));
    expect(rows).toEqual([]);
  });
});
