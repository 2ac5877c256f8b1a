import {
  anySessionResponseSchema,
  apiErrorSchema,
  AuthMessages,
  currentSessionSchema,
  loginRequestSchema,
  registrationRequestSchema,
  registrationResponseSchema,
  sessionResponseSchema,
  switchSchoolRequestSchema,
} from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { readUpload, type FileStorage } from '../../platform/storage';
import type { AccessTokenKeys } from './access-token';
import { requireMember } from '../../platform/http/request-member';
import { avatarMimeType } from './avatar';
import { domainError } from '../../platform/errors';
import { baseUrl, logCapturedEmail } from './password-reset.routes';
import type { IssuedOperatorSession } from './operator-session';
import { getCurrentSession, type AuthContext, type IssuedSession } from './session';
import { logIn, type LoginPolicy } from './use-cases/log-in';
import { logOut, refreshSession } from './use-cases/refresh-session';
import { registerSchool } from './use-cases/register-school';

export interface AuthRoutesOptions {
  db: Database;
  keys: AccessTokenKeys;
  files: FileStorage;
  loginPolicy: LoginPolicy;
  /** Sent over HTTPS: the refresh cookie is then `Secure`. */
  https: boolean;
  /** Per-IP budget of the login and registration calls. */
  authRateLimit: { max: number; timeWindow: string };
  /** Public address used in e-mail links; the request's own origin when unset. */
  publicUrl?: string;
}

export const REFRESH_COOKIE = 'ecolage_refresh';

const COOKIE_PATH = '/api/auth';
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
};

function context(request: FastifyRequest): AuthContext {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

/** Login, sign-up, refresh with rotation, logout and school switch (DESIGN.md §7). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, keys } = options;
  const sendSession = (reply: FastifyReply, issued: IssuedSession | IssuedOperatorSession) =>
    reply
      .setCookie(REFRESH_COOKIE, issued.refreshToken, {
        httpOnly: true,
        secure: options.https,
        sameSite: 'strict',
        path: COOKIE_PATH,
        expires: issued.refreshExpiresAt,
      })
      .header('cache-control', 'no-store')
      .send(issued.session);

  app.post(
    '/api/auth/registration',
    {
      bodyLimit: 2 * 1024 * 1024,
      config: { public: true, rateLimit: options.authRateLimit },
      schema: {
        tags: ['Comptes'],
        summary:
          'Créer une école et son premier compte (Super administration) ; même réponse pour une adresse déjà inscrite, la suite par e-mail',
        body: registrationRequestSchema,
        response: { 201: registrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = await registerSchool(db, options.files, request.body, {
        ...context(request),
        baseUrl: baseUrl(request, options.publicUrl),
      });
      if (email) logCapturedEmail(request, email);
      return reply.status(201).send({ message: AuthMessages.registered });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true, rateLimit: options.authRateLimit },
      schema: {
        tags: ['Comptes'],
        summary: 'Se connecter (jeton d’accès + cookie de rafraîchissement)',
        body: loginRequestSchema,
        response: { 200: anySessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        return sendSession(
          reply,
          await logIn(db, keys, options.loginPolicy, request.body, context(request)),
        );
      } catch (error) {
        const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter) reply.header('retry-after', String(retryAfter));
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['Comptes'],
        summary: 'Renouveler le jeton d’accès (rotation du cookie)',
        response: { 200: anySessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const issued = await refreshSession(
          db,
          keys,
          request.cookies[REFRESH_COOKIE],
          context(request),
        );
        return sendSession(reply, issued);
      } catch (error) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { public: true },
      schema: {
        tags: ['Comptes'],
        summary: 'Se déconnecter (révoque la session)',
        response: { 204: z.null().describe('Session terminée') },
      },
    },
    async (request, reply) => {
      await logOut(db, request.cookies[REFRESH_COOKIE]);
      return reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH }).status(204).send(null);
    },
  );

  app.post(
    '/api/auth/switch-school',
    {
      config: { session: true },
      schema: {
        tags: ['Comptes'],
        summary: 'Passer à une autre école du membre',
        body: switchSchoolRequestSchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireMember(request);
      const issued = await refreshSession(
        db,
        keys,
        request.cookies[REFRESH_COOKIE],
        context(request),
        request.body.organizationId,
      );
      return sendSession(reply, issued);
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { session: true },
      schema: {
        tags: ['Comptes'],
        summary: 'La session en cours : membre, école, rôle, permissions',
        response: { 200: currentSessionSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const member = requireMember(request);
      const current = await getCurrentSession(db, member.userId, member.organizationId);
      if (!current) throw domainError('SESSION_EXPIRED');
      return current;
    },
  );

  app.get(
    '/api/avatars/:name',
    {
      config: { public: true },
      schema: {
        tags: ['Comptes'],
        summary: 'Photo de profil (adresse non devinable)',
        params: z.object({ name: z.string().max(60) }),
        response: {
          200: z.any().describe('Image PNG, JPEG ou WebP'),
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const bytes = await readUpload(options.files, 'avatars', request.params.name);
      if (!bytes) return reply.callNotFound();
      return reply
        .type(avatarMimeType(request.params.name))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
};
