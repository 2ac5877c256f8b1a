import type { DbOrTx } from '../../platform/db/database';
import { contactMessages, newsletterSubscriptions, type ContactMessage } from './public.tables';

/**
 * Inserts a subscription unless the address (any case) is already subscribed.
 * Returns the new row's id, or undefined when it already existed.
 */
export async function insertNewsletterSubscription(
  db: DbOrTx,
  values: { email: string; ip: string | null },
): Promise<string | undefined> {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values(values)
    // The only unique index besides the key is lower(email).
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return row?.id;
}

export async function insertContactMessage(
  db: DbOrTx,
  values: Pick<ContactMessage, 'name' | 'email' | 'subject' | 'message' | 'ip' | 'userAgent'>,
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message not inserted');
  return row.id;
}
