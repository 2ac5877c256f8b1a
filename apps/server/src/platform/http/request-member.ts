import type { Permission } from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import { domainError } from '../errors';

/**
 * What each route requires, declared in its `config`: exactly one of `public: true`,
 * `session: true` (any active member) or `permission: '<action:entity>'`. The auth module enforces
 * it; every module's routes declare it.
 */
export interface RouteAccess {
  public?: true;
  session?: true;
  permission?: Permission;
  /** Platform operators only (the operator console): never a school role. */
  operator?: true;
  /**
   * A GET event stream that a browser may open with a stream ticket (`?ticket=`) instead of the
   * bearer header (decisions/0022); the rule above still applies.
   */
  eventStream?: true;
}

/** The signed-in platform operator of an operator route. */
export interface AuthenticatedOperator {
  userId: string;
  name: string;
}

/** The signed-in member of a request, in the school of their access token. */
export interface AuthenticatedMember {
  userId: string;
  organizationId: string;
  name: string;
  role: { id: string; name: string; key: string | null };
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: true;
    session?: true;
    permission?: Permission;
    operator?: true;
    eventStream?: true;
  }
  interface FastifyRequest {
    /** The signed-in platform operator on routes declared `operator`. */
    operator?: AuthenticatedOperator;
    /** The signed-in member on routes that need a session. */
    member?: AuthenticatedMember;
  }
}

/** The signed-in member; for handlers of routes declared `session` or `permission`. */
export function requireMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw domainError('UNAUTHENTICATED');
  return request.member;
}

/** The signed-in platform operator; for handlers of routes declared `operator`. */
export function requireOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw domainError('UNAUTHENTICATED');
  return request.operator;
}
