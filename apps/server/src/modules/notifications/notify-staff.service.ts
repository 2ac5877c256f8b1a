import type {
  NotificationPreferenceSettings,
  Permission,
  StaffNotificationKind,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { publicBaseUrl } from '../../platform/env';
import { queueEmail } from '../messaging';
import { insertStaffNotifications } from './notifications.repository';
import type { StaffNotificationRow } from './notifications.tables';
import { announceToMember } from './live-announce';
import { preferenceOfKind, settingsOf } from './preferences';
import { findStaffRecipients, type StaffRecipient } from './recipients.reads';

/** Who may read the thing an item is about, when the caller names no permission nor role. */
const readersOfKind: Record<StaffNotificationKind, readonly Permission[]> = {
  payment_received: ['read:payments'],
  payment_failed: ['read:payments'],
  payment_review: ['read:payments'],
  admission_received: ['read:students'],
  cash_difference: ['supervise:cash_desk'],
  weekly_summary: ['read:statistics', 'read:payments'],
  automation: [],
};

export interface StaffNotice {
  organizationId: string;
  /** Only the members of these roles (automations' « notification à l'équipe »). */
  roleIds?: readonly string[];
  /** Only the members whose role holds it (one of them, for a list); default: the kind's readers. */
  permission?: Permission | readonly Permission[];
  kind: StaffNotificationKind;
  title: string;
  body: string;
  /** A path of the admin app (`/admin/…`). */
  link: string;
  /** Unique per member: the same key twice writes one item (and one e-mail). */
  dedupeKey: string;
}

export interface StaffNoticeOptions {
  /**
   * Who among the readers wants it, from their five settings. Default: the setting of the kind
   * (`paiement-recu` for a payment received…), everyone for a kind without one.
   */
  wants?: (settings: NotificationPreferenceSettings) => boolean;
  /**
   * The e-mail copy, to the member's notification e-mail (else their login e-mail), in the
   * school's look (messaging's layout). A function gets each recipient. Default: no e-mail.
   */
  email?:
    | { subject: string; text: string; template: string }
    | ((recipient: StaffRecipient) => { subject: string; text: string; template: string });
  /** Only these members (the weekly summary's batch). */
  userIds?: readonly string[];
}

/**
 * Puts an item in the bell of every active member who may read the thing and wants it, in the
 * caller's transaction, with the e-mail copy to those who want it; each member's open bell
 * learns of it at commit. Idempotent per member and `dedupeKey`: only the items this call wrote
 * get an e-mail and an announcement. Returns the items written.
 */
export async function notifyStaff(
  tx: DbOrTx,
  notice: StaffNotice,
  options: StaffNoticeOptions = {},
): Promise<StaffNotificationRow[]> {
  if (!notice.link.startsWith('/admin')) throw new Error(`not an admin path: ${notice.link}`);
  const permissions =
    notice.permission === undefined
      ? notice.roleIds
        ? []
        : readersOfKind[notice.kind]
      : typeof notice.permission === 'string'
        ? [notice.permission]
        : notice.permission;
  const recipients = await findStaffRecipients(tx, notice.organizationId, {
    permissions,
    ...(notice.roleIds ? { roleIds: notice.roleIds } : {}),
    ...(options.userIds ? { userIds: options.userIds } : {}),
  });
  const setting = preferenceOfKind[notice.kind];
  const wants =
    options.wants ??
    ((settings: NotificationPreferenceSettings) => (setting ? settings[setting] : true));
  const chosen = recipients.filter((recipient) => wants(settingsOf(recipient.preferences)));
  const inserted = await insertStaffNotifications(
    tx,
    chosen.map((recipient) => ({
      organizationId: notice.organizationId,
      userId: recipient.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      dedupeKey: notice.dedupeKey,
    })),
  );
  const byUser = new Map(chosen.map((recipient) => [recipient.userId, recipient]));
  for (const item of inserted) {
    const recipient = byUser.get(item.userId);
    if (recipient && options.email) {
      const email = typeof options.email === 'function' ? options.email(recipient) : options.email;
      await queueEmail(tx, {
        organizationId: notice.organizationId,
        to: recipient.preferences?.notificationEmail ?? recipient.loginEmail,
        subject: email.subject,
        text: [
          `Bonjour ${recipient.name},`,
          '',
          email.text,
          '',
          `Voir dans Écolage : ${publicBaseUrl()}${item.link}`,
          '',
          'Vous recevez cet e-mail selon vos réglages de notifications : ' +
            `${publicBaseUrl()}/admin/notifications`,
        ].join('\n'),
        template: email.template,
        metadata: { notificationId: item.id, userId: item.userId },
      });
    }
    await announceToMember(tx, item);
  }
  return inserted;
}
