import {
  apiErrorSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  profileAvatarRequestSchema,
  profileSchema,
  profileThemeRequestSchema,
  updateProfileRequestSchema,
} from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { requireMember } from '../../platform/http/request-member';
import { REFRESH_COOKIE } from './auth.routes';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  getProfile,
  renameProfile,
  setAvatar,
  setThemePreference,
  type ProfileContext,
} from './use-cases/profile';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['Profil'];

/** « Mon profil »: name, avatar, e-mail, password, account deletion — all for oneself. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; files: FileStorage }> = async (
  app,
  { db, files },
) => {
  const context = (request: FastifyRequest): ProfileContext => {
    const member = requireMember(request);
    return {
      userId: member.userId,
      organizationId: member.organizationId,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      refreshToken: request.cookies[REFRESH_COOKIE],
    };
  };
  const config = { session: true as const };
  const done = z.null().describe('Fait');

  app.get(
    '/api/profile',
    {
      config,
      schema: { tags, summary: 'Mon profil', response: { 200: profileSchema, ...errors } },
    },
    (request) => getProfile(db, requireMember(request).userId),
  );

  app.patch(
    '/api/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Changer mon nom',
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => renameProfile(db, context(request), request.body.name),
  );

  app.put(
    '/api/profile/avatar',
    {
      config,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Changer ma photo (PNG, JPEG ou WebP, 1 Mo)',
        body: profileAvatarRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => setAvatar(db, files, context(request), request.body.avatar),
  );

  app.delete(
    '/api/profile/avatar',
    {
      config,
      schema: { tags, summary: 'Retirer ma photo', response: { 200: profileSchema, ...errors } },
    },
    (request) => setAvatar(db, files, context(request), null),
  );

  app.put(
    '/api/profile/theme',
    {
      config,
      schema: {
        tags,
        summary: 'Choisir mon thème (clair, sombre, ou null : celui de l’école)',
        body: profileThemeRequestSchema,
        response: { 200: profileThemeRequestSchema, ...errors },
      },
    },
    (request) => setThemePreference(db, requireMember(request).userId, request.body.theme),
  );

  app.post(
    '/api/profile/email',
    {
      config,
      schema: {
        tags,
        summary: 'Changer mon e-mail (avec mon mot de passe)',
        body: changeEmailRequestSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => changeEmail(db, context(request), request.body),
  );

  app.post(
    '/api/profile/password',
    {
      config,
      schema: {
        tags,
        summary: 'Changer mon mot de passe (ferme mes autres sessions)',
        body: changePasswordRequestSchema,
        response: { 204: done, ...errors },
      },
    },
    async (request, reply) => {
      await changePassword(db, context(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Supprimer mon compte (refusé au dernier Super administration)',
        body: deleteAccountRequestSchema,
        response: { 204: done, ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, context(request), request.body.password);
      return reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' }).status(204).send(null);
    },
  );
};
