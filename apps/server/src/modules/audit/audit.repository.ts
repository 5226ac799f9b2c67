import { and, desc, eq, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowInsert, type RowInsert } from '../../db/row-insert.ts';
import { auditLog } from '../../db/schema.ts';

/** Who made a change, and from where: the staff member of the request, or the command line. */
export interface AuditActor {
  tenantId: string;
  actorId: string | null;
  actorEmail: string;
  actorRole: string;
  requestId: string | null;
  ip: string | null;
}

export interface AuditChange {
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

const auditValues = (actor: AuditActor, change: AuditChange): typeof auditLog.$inferInsert => ({
  ...actor,
  action: change.action,
  entity: change.entity,
  entityId: change.entityId,
  before: change.before ?? null,
  after: change.after ?? null,
});

/** One row per successful change, in the change's own transaction (pass the transaction). */
export async function recordAudit(tx: Executor, actor: AuditActor, change: AuditChange) {
  await tx.insert(auditLog).values(auditValues(actor, change));
}

/** The audit row, not yet written: to write in the statement of its change (changeWithLiveEvent). */
export function auditRow(actor: AuditActor, change: AuditChange): RowInsert {
  return rowInsert(auditLog, auditValues(actor, change));
}

export interface AuditFilter {
  from?: Date;
  to?: Date;
  actor?: string;
  entity?: string;
  before?: number;
  limit: number;
}

/** Newest first; `before` pages to older rows. */
export async function listAudit(db: Executor, tenantId: string, filter: AuditFilter) {
  const conditions: (SQL | undefined)[] = [eq(auditLog.tenantId, tenantId)];
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  if (filter.actor) {
    const isId = /^[0-9a-f-]{36}$/i.test(filter.actor);
    conditions.push(
      isId
        ? or(eq(auditLog.actorId, filter.actor), eq(auditLog.actorEmail, filter.actor))
        : eq(auditLog.actorEmail, filter.actor.toLowerCase()),
    );
  }
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
}

/**
 * Decision 78: whether an undo asked for again was already made, by the same person, read from
 * the newest of the entity's undo rows (`actions`): that row must be this person's and name the
 * move asked for (its status, and its moment when `at` is given). Answers the moment of the move
 * taken back and the status the undo put back, for the caller to check that nothing has moved
 * since; null when it was not so (the caller's refusal stands).
 */
export async function ownLastUndo(
  db: Executor,
  staff: { tenantId: string; id: string },
  of: { entity: string; entityId: string; actions: readonly string[] },
  move: { status: string; at?: string | undefined },
): Promise<{ movedAt: number; back: string } | null> {
  const [row] = await db
    .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, staff.tenantId),
        eq(auditLog.entity, of.entity),
        eq(auditLog.entityId, of.entityId),
        inArray(auditLog.action, [...of.actions]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row || row.actorId !== staff.id) return null;
  // The undo rows say the move's moment as moved_at (a no-show's as marked_at).
  const before = (row.before ?? {}) as {
    status?: unknown;
    moved_at?: unknown;
    marked_at?: unknown;
  };
  const back = (row.after as { status?: unknown } | null)?.status;
  const moment = before.moved_at ?? before.marked_at;
  if (before.status !== move.status || typeof moment !== 'string' || typeof back !== 'string') {
    return null;
  }
  const movedAt = Date.parse(moment);
  if (move.at !== undefined && Date.parse(move.at) !== movedAt) return null;
  return { movedAt, back };
}
