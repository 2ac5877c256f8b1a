import type { FastifyRequest } from 'fastify';
import { requireMember } from './request-member';

/**
 * Who acts, in which school, from where: what a service needs to scope its queries and to write
 * the audit entry of a mutation. Built once per request by the routes of every school module.
 */
export interface ActingMember {
  organizationId: string;
  actor: { type: 'user'; userId: string; label: string } | { type: 'system'; label: string };
  ip: string | null;
  userAgent: string | null;
}

export function actingMember(request: FastifyRequest): ActingMember {
  const member = requireMember(request);
  return {
    organizationId: member.organizationId,
    actor: { type: 'user', userId: member.userId, label: member.name },
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

/** A job acting for a school (late fees, imports finishing in the background). */
export function systemActor(organizationId: string, label: string): ActingMember {
  return { organizationId, actor: { type: 'system', label }, ip: null, userAgent: null };
}
