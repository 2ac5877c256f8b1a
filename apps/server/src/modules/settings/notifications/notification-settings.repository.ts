import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { notificationSettings, type NotificationSettings } from '../settings.tables';

export async function findNotificationSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<NotificationSettings | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.organizationId, organizationId))
    .limit(1);
  return row;
}

export async function upsertNotificationSettings(
  db: DbOrTx,
  values: Omit<typeof notificationSettings.$inferInsert, 'updatedAt'>,
): Promise<NotificationSettings> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationSettings.organizationId,
      set: {
        notificationEmail: values.notificationEmail,
        admissionReceived: values.admissionReceived,
        kycReviewed: values.kycReviewed,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('notification settings not saved');
  return row;
}
