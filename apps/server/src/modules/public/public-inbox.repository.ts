import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, foldedForSearchSql, searchWords } from '../../platform/search-text';
import {
  contactMessages,
  newsletterSubscriptions,
  type ContactMessage,
  type NewsletterSubscription,
} from './public.tables';

/**
 * What the public site received, for the platform operator's console: contact messages and
 * newsletter subscribers, newest first, searched accent- and case-free. Platform-level tables.
 */
export interface InboxPage<Row> {
  items: Row[];
  total: number;
}

/** The next rows after `(createdAt, id)`, newest first: keyset pages for the CSV exports. */
export interface InboxCursor {
  createdAt: Date;
  id: string;
}

function matching(columns: SQL[], q: string | undefined): SQL | undefined {
  const words = q ? searchWords(q) : [];
  if (words.length === 0) return undefined;
  const text = foldedForSearchSql(sql.join(columns, sql` || ' ' || `));
  // Every word somewhere: « kodjo tarifs » finds Kodjo's message about « Tarifs ».
  return and(...words.map((word) => sql`${text} like ${containsPattern(word)}`));
}

function after(
  table: typeof contactMessages | typeof newsletterSubscriptions,
  cursor: InboxCursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(table.createdAt, cursor.createdAt),
    and(eq(table.createdAt, cursor.createdAt), lt(table.id, cursor.id)),
  );
}

const contactSearch = (q: string | undefined) =>
  matching(
    [
      sql`${contactMessages.name}`,
      sql`${contactMessages.email}`,
      sql`${contactMessages.subject}`,
      sql`${contactMessages.message}`,
    ],
    q,
  );

/** A page of contact messages (search in name, e-mail, subject and message). */
export async function listContactMessages(
  db: DbOrTx,
  query: { q?: string; limit: number; offset: number },
): Promise<InboxPage<ContactMessage>> {
  const where = contactSearch(query.q);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Contact messages after a cursor, newest first (the export's pages). */
export function contactMessagesAfter(
  db: DbOrTx,
  q: string | undefined,
  cursor: InboxCursor | undefined,
  limit: number,
): Promise<ContactMessage[]> {
  return db
    .select()
    .from(contactMessages)
    .where(and(contactSearch(q), after(contactMessages, cursor)))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/**
 * Marks a message handled by the operator (once: handling it again changes nothing). Undefined
 * when no message has that id; `changed` false when it already was.
 */
export async function markContactMessageHandledRow(
  db: DbOrTx,
  id: string,
  handledBy: string,
): Promise<{ message: ContactMessage; changed: boolean } | undefined> {
  const [updated] = await db
    .update(contactMessages)
    .set({ handledAt: new Date(), handledBy, status: 'read' })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning();
  if (updated) return { message: updated, changed: true };
  const [existing] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return existing ? { message: existing, changed: false } : undefined;
}

const subscriberSearch = (q: string | undefined) =>
  matching([sql`${newsletterSubscriptions.email}`], q);

/** A page of newsletter subscribers (search in the address). */
export async function listNewsletterSubscribers(
  db: DbOrTx,
  query: { q?: string; limit: number; offset: number },
): Promise<InboxPage<NewsletterSubscription>> {
  const where = subscriberSearch(query.q);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Subscribers after a cursor, newest first (the export's pages). */
export function newsletterSubscribersAfter(
  db: DbOrTx,
  q: string | undefined,
  cursor: InboxCursor | undefined,
  limit: number,
): Promise<NewsletterSubscription[]> {
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(and(subscriberSearch(q), after(newsletterSubscriptions, cursor)))
    .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
    .limit(limit);
}
