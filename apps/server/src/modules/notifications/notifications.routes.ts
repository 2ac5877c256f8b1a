import {
  apiErrorSchema,
  eventStreamQuerySchema,
  markAllNotificationsReadSchema,
  memberNotificationPreferencesSchema,
  staffNotificationListQuerySchema,
  staffNotificationPageSchema,
  staffNotificationSchema,
  updateMemberNotificationPreferencesRequestSchema,
} from '@ecolage/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { sendEventStream } from '../../platform/http/event-stream';
import { requireMember } from '../../platform/http/request-member';
import {
  getMemberPreferences,
  getNotification,
  listNotifications,
  readAllNotifications,
  readNotification,
  updateMemberPreferences,
  unreadCount,
  type BellOwner,
} from './notifications.service';
import { memberTopic } from './live-announce';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['Notifications'];
/** Every member has a bell and settings of their own: a session is enough. */
const config = { session: true as const };

const owner = (request: FastifyRequest): BellOwner => {
  const member = requireMember(request);
  return { organizationId: member.organizationId, userId: member.userId };
};

/** The bell (`/api/notifications`) and the member's settings (`/api/profile/notifications`). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Mes notifications (les plus récentes d’abord) et le nombre de non lues',
        querystring: staffNotificationListQuerySchema,
        response: { 200: staffNotificationPageSchema, ...errors },
      },
    },
    (request) => listNotifications(db, owner(request), request.query),
  );

  app.get(
    '/api/notifications/stream',
    {
      config: { ...config, eventStream: true },
      schema: {
        tags,
        summary: 'Mes nouvelles notifications en direct (server-sent events)',
        description:
          'D’abord `{ unread, item: null }`, puis `{ unread, item }` à chaque notification reçue. ' +
          'Un navigateur l’ouvre avec un ticket de flux (`?ticket=`, POST /api/live/ticket).',
        querystring: eventStreamQuerySchema,
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream'),
          ...errors,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const bell = owner(request);
      await sendEventStream(request, reply, {
        topics: [memberTopic(bell.userId)],
        initial: async () => ({ unread: await unreadCount(db, bell), item: null }),
        // The topic is the person's; the item must be of this session's school.
        onEvent: async (_topic, data) => {
          if (data.organizationId !== bell.organizationId || typeof data.id !== 'string') {
            return null;
          }
          const item = await getNotification(db, bell, data.id);
          return item ? { unread: await unreadCount(db, bell), item } : null;
        },
      });
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config,
      schema: {
        tags,
        summary: 'Tout marquer comme lu',
        body: z.object({}).strict().nullish(),
        response: { 200: markAllNotificationsReadSchema, ...errors },
      },
    },
    (request) => readAllNotifications(db, owner(request)),
  );

  app.post(
    '/api/notifications/:notificationId/read',
    {
      config,
      schema: {
        tags,
        summary: 'Marquer une notification comme lue',
        params: z.object({ notificationId: z.uuid('Notification introuvable.') }),
        body: z.object({}).strict().nullish(),
        response: { 200: staffNotificationSchema, 404: apiErrorSchema, ...errors },
      },
    },
    (request) => readNotification(db, owner(request), request.params.notificationId),
  );

  app.get(
    '/api/profile/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Mes réglages de notifications dans cette école',
        response: { 200: memberNotificationPreferencesSchema, ...errors },
      },
    },
    (request) => getMemberPreferences(db, owner(request)),
  );

  app.put(
    '/api/profile/notifications',
    {
      config,
      schema: {
        tags,
        summary: 'Changer mes réglages de notifications (les cinq réglages, l’e-mail des copies)',
        body: updateMemberNotificationPreferencesRequestSchema,
        response: { 200: memberNotificationPreferencesSchema, ...errors },
      },
    },
    (request) => {
      const acting = actingMember(request);
      const member = requireMember(request);
      return updateMemberPreferences(
        db,
        { ...acting, actor: { type: 'user', userId: member.userId, label: member.name } },
        request.body,
      );
    },
  );
};
