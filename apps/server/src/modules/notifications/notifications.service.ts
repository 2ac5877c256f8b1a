import type {
  MemberNotificationPreferences,
  StaffNotification,
  StaffNotificationListQuery,
  StaffNotificationPage,
  updateMemberNotificationPreferencesRequestSchema,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';
import {
  countUnread,
  findMemberNotification,
  findMemberNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  upsertPreferencesRow,
} from './notifications.repository';
import type { StaffNotificationRow } from './notifications.tables';
import { columnsOf, settingsOf } from './preferences';
import { findMemberWithPreferences } from './recipients.reads';

/** The member whose bell it is: every read and write is theirs, in their session's school. */
export interface BellOwner {
  organizationId: string;
  userId: string;
}

export function toStaffNotification(row: StaffNotificationRow): StaffNotification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The member's items, newest first, with their unread count (the badge). */
export async function listNotifications(
  db: DbOrTx,
  owner: BellOwner,
  query: StaffNotificationListQuery,
): Promise<StaffNotificationPage> {
  const { rows, total, unread } = await findMemberNotifications(
    db,
    owner.organizationId,
    owner.userId,
    query,
  );
  return {
    items: rows.map(toStaffNotification),
    total,
    page: query.page,
    pageSize: query.pageSize,
    unread,
  };
}

/** One of the member's items (another member's, or another school's, is not found). */
export async function getNotification(
  db: DbOrTx,
  owner: BellOwner,
  id: string,
): Promise<StaffNotification | undefined> {
  const row = await findMemberNotification(db, owner.organizationId, owner.userId, id);
  return row && toStaffNotification(row);
}

export function unreadCount(db: DbOrTx, owner: BellOwner): Promise<number> {
  return countUnread(db, owner.organizationId, owner.userId);
}

/**
 * Marks one of the member's items read (reading it again keeps the first time). Reading is the
 * member's own bookkeeping, not a change of the school's records: it is not journaled.
 */
export async function readNotification(
  db: DbOrTx,
  owner: BellOwner,
  id: string,
): Promise<StaffNotification> {
  const row = await markNotificationRead(db, owner.organizationId, owner.userId, id);
  if (!row) throw notFound('NOTIFICATION_NOT_FOUND');
  return toStaffNotification(row);
}

export async function readAllNotifications(
  db: DbOrTx,
  owner: BellOwner,
): Promise<{ marked: number }> {
  return { marked: await markAllNotificationsRead(db, owner.organizationId, owner.userId) };
}

/** The member's five settings in this school and where their e-mail copies go. */
export async function getMemberPreferences(
  db: DbOrTx,
  owner: BellOwner,
): Promise<MemberNotificationPreferences> {
  const member = await findMemberWithPreferences(db, owner.organizationId, owner.userId);
  if (!member) throw notFound('NOTIFICATION_NOT_FOUND');
  return {
    settings: settingsOf(member.preferences),
    notificationEmail: member.preferences?.notificationEmail ?? null,
    loginEmail: member.loginEmail,
  };
}

/** Saves the member's settings (their own: every member may), journaled in the school's chain. */
export async function updateMemberPreferences(
  db: Database,
  acting: ActingMember & { actor: { type: 'user'; userId: string } },
  values: z.output<typeof updateMemberNotificationPreferencesRequestSchema>,
): Promise<MemberNotificationPreferences> {
  const owner = { organizationId: acting.organizationId, userId: acting.actor.userId };
  return db.transaction(async (tx) => {
    const before = await getMemberPreferences(tx, owner);
    await upsertPreferencesRow(tx, {
      ...owner,
      ...columnsOf(values.settings),
      notificationEmail: values.notificationEmail,
    });
    await recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: 'profile.notifications_updated',
      resourceType: 'user',
      resourceId: owner.userId,
      category: 'user',
      details: {
        avant: { ...before.settings, 'e-mail des notifications': before.notificationEmail },
        après: { ...values.settings, 'e-mail des notifications': values.notificationEmail },
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return { ...values, loginEmail: before.loginEmail };
  });
}
