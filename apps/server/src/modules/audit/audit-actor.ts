import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../../plugins/staff-session.ts';
import type { AuditActor } from './audit.repository.ts';

/** The audit log's "who and from where" for a staff request. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const staff = staffOf(request);
  return {
    tenantId: staff.tenantId,
    actorId: staff.id,
    actorEmail: staff.email,
    actorRole: staff.role,
    requestId: request.id,
    ip: normalizeIP(request.ip),
  };
}
