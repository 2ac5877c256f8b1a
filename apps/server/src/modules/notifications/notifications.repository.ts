import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import {
  memberNotificationPreferences,
  staffNotifications,
  type MemberNotificationPreferencesRow,
  type StaffNotificationRow,
} from './notifications.tables';

export type NewStaffNotification = Omit<
  typeof staffNotifications.$inferInsert,
  'id' | 'createdAt' | 'readAt'
>;

/**
 * Writes the items; one already written for that member and key is left as it is (idempotent
 * producers). Returns only the rows this call inserted.
 */
export async function insertStaffNotifications(
  db: DbOrTx,
  rows: readonly NewStaffNotification[],
): Promise<StaffNotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(staffNotifications)
    .values([...rows])
    .onConflictDoNothing({
      target: [
        staffNotifications.organizationId,
        staffNotifications.userId,
        staffNotifications.dedupeKey,
      ],
    })
    .returning();
}

const ofMember = (organizationId: string, userId: string) =>
  and(eq(staffNotifications.organizationId, organizationId), eq(staffNotifications.userId, userId));

export async function findMemberNotifications(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  query: { unread: boolean; page: number; pageSize: number },
): Promise<{ rows: StaffNotificationRow[]; total: number; unread: number }> {
  const where = query.unread
    ? and(ofMember(organizationId, userId), isNull(staffNotifications.readAt))
    : ofMember(organizationId, userId);
  const [rows, [totals], unread] = await Promise.all([
    db
      .select()
      .from(staffNotifications)
      .where(where)
      .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(staffNotifications).where(where),
    countUnread(db, organizationId, userId),
  ]);
  return { rows, total: totals?.total ?? 0, unread };
}

export async function countUnread(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(staffNotifications)
    .where(and(ofMember(organizationId, userId), isNull(staffNotifications.readAt)));
  return row?.total ?? 0;
}

export async function findMemberNotification(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  id: string,
): Promise<StaffNotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(staffNotifications)
    .where(and(ofMember(organizationId, userId), eq(staffNotifications.id, id)));
  return row;
}

/** Marks one of the member's items read (the first reading's time is kept). */
export async function markNotificationRead(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  id: string,
): Promise<StaffNotificationRow | undefined> {
  const [row] = await db
    .update(staffNotifications)
    .set({ readAt: sql`coalesce(${staffNotifications.readAt}, now())` })
    .where(and(ofMember(organizationId, userId), eq(staffNotifications.id, id)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<number> {
  const rows = await db
    .update(staffNotifications)
    .set({ readAt: sql`now()` })
    .where(and(ofMember(organizationId, userId), isNull(staffNotifications.readAt)))
    .returning({ id: staffNotifications.id });
  return rows.length;
}

export async function findPreferencesRow(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<MemberNotificationPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(memberNotificationPreferences)
    .where(
      and(
        eq(memberNotificationPreferences.organizationId, organizationId),
        eq(memberNotificationPreferences.userId, userId),
      ),
    );
  return row;
}

export async function upsertPreferencesRow(
  db: DbOrTx,
  values: Omit<typeof memberNotificationPreferences.$inferInsert, 'updatedAt'>,
): Promise<MemberNotificationPreferencesRow> {
  const { organizationId: _organizationId, userId: _userId, ...changes } = values;
  const [row] = await db
    .insert(memberNotificationPreferences)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [memberNotificationPreferences.organizationId, memberNotificationPreferences.userId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('notification preferences not saved');
  return row;
}

/** The schools where at least one member turned the weekly summary on (it is off by default). */
export async function findSchoolsWithWeeklySummary(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: memberNotificationPreferences.organizationId })
    .from(memberNotificationPreferences)
    .where(eq(memberNotificationPreferences.weeklySummary, true));
  return rows.map((row) => row.organizationId);
}
