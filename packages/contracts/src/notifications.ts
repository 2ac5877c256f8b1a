import { z } from 'zod';
import { pageOf, pageQuery, pageSizeQuery } from './common';
import { optionalEmailSchema } from './phone';

/**
 * The staff's notifications (module `notifications`, spec §2 « notifications dropdown » and
 * « Notifications settings », §3 Notification item and Notification setting): the bell's items,
 * one per member, and each member's five settings with the address their e-mail copies go to.
 */

/** What an item is about; each links to its record in the admin app. */
export const staffNotificationKindValues = [
  'payment_received',
  'payment_failed',
  'admission_received',
  'payment_review',
  'cash_difference',
  'weekly_summary',
  'automation',
] as const;
export type StaffNotificationKind = (typeof staffNotificationKindValues)[number];

/**
 * The spec's five settings, by id: the first three on by default, the last two off.
 * - `nouvelle-vente`: a payment the payer made online by themselves (a payment link, the school's
 *   pay page, a QR code) — a sale nobody at the school started;
 * - `nouvelle-inscription`: an online pre-registration arrived;
 * - `paiement-recu`: any payment received (online, requested by the staff, or at the cash desk);
 * - `paiement-echoue`: a payment refused, expired or cancelled;
 * - `resume-hebdomadaire`: the week's figures, on Monday morning.
 */
export const notificationPreferenceIds = [
  'nouvelle-vente',
  'nouvelle-inscription',
  'paiement-recu',
  'paiement-echoue',
  'resume-hebdomadaire',
] as const;
export type NotificationPreferenceId = (typeof notificationPreferenceIds)[number];

export const notificationPreferenceDefaults: Record<NotificationPreferenceId, boolean> = {
  'nouvelle-vente': true,
  'nouvelle-inscription': true,
  'paiement-recu': true,
  'paiement-echoue': false,
  'resume-hebdomadaire': false,
};

/** One bell item. `link` is a path of the admin app (`/admin/paiements?payment=…`). */
export const staffNotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(staffNotificationKindValues),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

/** `GET /api/notifications?unread=&page=`: the member's own items, newest first. */
export const staffNotificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread : true ou false.' })
    .default('false')
    .transform((value) => value === 'true'),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export type StaffNotificationListQuery = z.infer<typeof staffNotificationListQuerySchema>;

export const staffNotificationPageSchema = pageOf(staffNotificationSchema).extend({
  /** Every unread item of the member (the bell's badge), whatever the page. */
  unread: z.number().int(),
});
export type StaffNotificationPage = z.infer<typeof staffNotificationPageSchema>;

/** `POST /api/notifications/read-all`. */
export const markAllNotificationsReadSchema = z.object({ marked: z.number().int() });

/** The five settings keyed by id. */
export const notificationPreferenceSettingsSchema = z
  .object(
    Object.fromEntries(
      notificationPreferenceIds.map((id) => [id, z.boolean({ error: 'Indiquez oui ou non.' })]),
    ) as Record<NotificationPreferenceId, z.ZodBoolean>,
    { error: 'Indiquez les cinq réglages.' },
  )
  .strict();
export type NotificationPreferenceSettings = z.infer<typeof notificationPreferenceSettingsSchema>;

/** `GET /api/profile/notifications`: the member's settings in this school. */
export const memberNotificationPreferencesSchema = z.object({
  settings: notificationPreferenceSettingsSchema,
  /** Where the e-mail copies go; null = the member's login e-mail (`loginEmail`). */
  notificationEmail: z.string().nullable(),
  loginEmail: z.string(),
});
export type MemberNotificationPreferences = z.infer<typeof memberNotificationPreferencesSchema>;

/** `PUT /api/profile/notifications`. An empty e-mail = the login e-mail. */
export const updateMemberNotificationPreferencesRequestSchema = z
  .object({
    settings: notificationPreferenceSettingsSchema,
    notificationEmail: optionalEmailSchema,
  })
  .strict();
export type UpdateMemberNotificationPreferencesRequest = z.input<
  typeof updateMemberNotificationPreferencesRequestSchema
>;

/** What the stream (`GET /api/notifications/stream`) sends: a new item and the unread count. */
export const staffNotificationStreamEventSchema = z.object({
  unread: z.number().int(),
  item: staffNotificationSchema.nullable(),
});
export type StaffNotificationStreamEvent = z.infer<typeof staffNotificationStreamEventSchema>;
