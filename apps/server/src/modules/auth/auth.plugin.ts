import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import type { RouteAccess } from '../../platform/http/request-member';
import { getMemberAccess } from '../access';
import { tokenFromHeader, verifyAccessToken, type AccessTokenKeys } from './access-token';
import { findPlatformRole } from './platform-role';
import { ticketFromQuery, verifyStreamTicket } from './stream-ticket';

/** Routes of plugins we do not write (Swagger UI's files) are public by prefix. */
const PUBLIC_PREFIXES = ['/api/docs'];

/**
 * Authentication and permission check for every /api route. A route that declares no access rule
 * makes the application refuse to start, so nothing is ever open by omission.
 */
export const authPlugin = fp<{ db: Database; keys: AccessTokenKeys }>(
  async (app: FastifyInstance, options) => {
    /** Who calls, and may they: the check every protected route runs first. */
    const authenticate = async (request: FastifyRequest) => {
      const config = request.routeOptions.config as RouteAccess;
      const token = tokenFromHeader(request.headers.authorization);
      // A browser's event stream carries a stream ticket in its address instead (decisions/0022).
      const ticket = !token && config.eventStream ? ticketFromQuery(request.query) : undefined;
      const check = token
        ? await verifyAccessToken(options.keys, token)
        : ticket
          ? await verifyStreamTicket(options.keys, ticket)
          : null;
      if (!check) throw domainError('UNAUTHENTICATED');
      if (!check.ok) {
        throw domainError(check.reason === 'expired' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
      }
      const { claims } = check;
      if (config.operator) {
        // The token says so and the account still does (read on every request: a revocation
        // takes effect at once). A school member, whatever their school role, is refused.
        const role = claims.plat ? await findPlatformRole(options.db, claims.sub) : null;
        if (role !== 'operator') throw domainError('OPERATOR_ONLY');
        request.operator = { userId: claims.sub, name: claims.name };
        return;
      }
      // An operator's session without a school opens no school's route.
      if (!claims.org) throw domainError('OPERATOR_NO_SCHOOL');
      // Read on every request: a deactivated member or a changed role takes effect at once.
      const access = await getMemberAccess(options.db, claims.org, claims.sub);
      if (!access || access.status !== 'active') {
        throw domainError('SESSION_EXPIRED');
      }
      if (config.permission && !access.permissions.includes(config.permission)) {
        throw domainError('FORBIDDEN');
      }
      request.member = {
        userId: access.userId,
        organizationId: access.organizationId,
        name: claims.name,
        role: access.role,
        permissions: access.permissions,
      };
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || PUBLIC_PREFIXES.some((p) => route.url.startsWith(p)))
        return;
      const config = (route.config ?? {}) as RouteAccess;
      const rules = [config.public, config.session, config.permission, config.operator].filter(
        Boolean,
      ).length;
      if (rules !== 1) {
        throw new Error(
          `${String(route.method)} ${route.url} must declare exactly one of config.public, config.session, config.permission or config.operator`,
        );
      }
      if (config.eventStream && !['GET', 'HEAD'].includes(String(route.method))) {
        throw new Error(
          `${String(route.method)} ${route.url}: only a GET route is an event stream`,
        );
      }
      // A protected route checks its caller before its own hooks (rate limits by member); a
      // public one costs nothing here.
      if (!config.public) {
        const own = route.onRequest ?? [];
        route.onRequest = [authenticate, ...(Array.isArray(own) ? own : [own])];
      }
      // Say it in the OpenAPI document too: the bearer scheme, and which permission.
      if (!config.public && route.schema) {
        Object.assign(route.schema, {
          security: [{ bearerAuth: [] }],
          ...(config.permission ? { 'x-permission': config.permission } : {}),
          ...(config.operator ? { 'x-operator': true } : {}),
        });
      }
    });
  },
  { name: 'ecolage-auth' },
);
