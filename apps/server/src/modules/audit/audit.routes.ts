import { ZAuditQuery, type AuditEntry } from '@servery/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { auditLabels } from './audit-labels.repository.ts';
import { listAudit } from './audit.repository.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    { schema: { querystring: ZAuditQuery }, onRequest: app.requireStaff('audit:read') },
    async (request) => {
      const { from, to, actor, entity, before, limit } = request.query;
      const rows = await listAudit(db, request.tenant.id, {
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
        ...(actor ? { actor } : {}),
        ...(entity ? { entity } : {}),
        ...(before ? { before } : {}),
        limit: limit ?? 50,
      });
      const labels = await auditLabels(db, request.tenant.id, rows);
      const data: AuditEntry[] = rows.map((row, i) => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        actor: { id: row.actorId, email: row.actorEmail, role: row.actorRole },
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        label: labels[i] ?? null,
        before: row.before ?? null,
        after: row.after ?? null,
        request_id: row.requestId,
        ip: row.ip,
      }));
      return { status: 200, message: 'Audit log.', data };
    },
  );
};
