import type {
  NotificationSettingsValues,
  updateNotificationSettingsRequestSchema,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { findOrganizationById } from '../../organizations';
import { journalSettings } from '../settings-audit';
import {
  findNotificationSettings,
  upsertNotificationSettings,
} from './notification-settings.repository';

/** A school without a row gets every notice, at its contact e-mail. */
const defaults: NotificationSettingsValues = {
  notificationEmail: null,
  admissionReceived: true,
  kycReviewed: true,
};

export async function getNotificationSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<NotificationSettingsValues> {
  const row = await findNotificationSettings(db, organizationId);
  return row
    ? {
        notificationEmail: row.notificationEmail,
        admissionReceived: row.admissionReceived,
        kycReviewed: row.kycReviewed,
      }
    : defaults;
}

export async function updateNotificationSettings(
  db: Database,
  acting: ActingMember,
  values: z.output<typeof updateNotificationSettingsRequestSchema>,
): Promise<NotificationSettingsValues> {
  return db.transaction(async (tx) => {
    const before = await getNotificationSettings(tx, acting.organizationId);
    await upsertNotificationSettings(tx, { organizationId: acting.organizationId, ...values });
    await journalSettings(tx, acting, 'settings.notifications_updated', 'settings', {
      avant: noticeWords(before),
      après: noticeWords(values),
    });
    return values;
  });
}

function noticeWords(values: NotificationSettingsValues) {
  return {
    'e-mail des avis': values.notificationEmail,
    'avis demande d’inscription': values.admissionReceived,
    'avis KYC': values.kycReviewed,
  };
}

/** The notices a school may turn off. */
export type SchoolNotice = 'admissionReceived' | 'kycReviewed';

/**
 * Where a school notice goes: the notification e-mail, else the school's contact e-mail; null when
 * the school turned that notice off or has no address.
 */
export async function schoolNoticeRecipient(
  db: DbOrTx,
  organizationId: string,
  notice: SchoolNotice,
): Promise<string | null> {
  const settings = await getNotificationSettings(db, organizationId);
  if (!settings[notice]) return null;
  if (settings.notificationEmail) return settings.notificationEmail;
  return (await findOrganizationById(db, organizationId))?.contactEmail ?? null;
}
