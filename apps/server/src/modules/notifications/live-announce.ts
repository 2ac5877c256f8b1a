import type { DbOrTx } from '../../platform/db/database';
import { notifyLive } from '../../platform/live';
import type { StaffNotificationRow } from './notifications.tables';

/** The live topic of a member's bell (a person may work for several schools: the data says which). */
export const memberTopic = (userId: string) => `member:${userId}`;

/** Tells the member's open bells, at commit, that an item arrived (its id; they read the rest). */
export async function announceToMember(db: DbOrTx, item: StaffNotificationRow): Promise<void> {
  await notifyLive(db, memberTopic(item.userId), {
    organizationId: item.organizationId,
    id: item.id,
  });
}
