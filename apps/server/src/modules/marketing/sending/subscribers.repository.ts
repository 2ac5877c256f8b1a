import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  marketingSubscribers,
  type MarketingSubscriber,
  type SchoolSubscriberSource,
} from './sending.tables';

/** The rows of the school holding this e-mail (any case) or this phone, locked until commit. */
export async function lockSubscribersMatching(
  db: DbOrTx,
  organizationId: string,
  contact: { email: string | null; phone: string | null },
): Promise<MarketingSubscriber[]> {
  const matches: SQL[] = [];
  if (contact.email) matches.push(sql`lower(${marketingSubscribers.email}) = ${contact.email}`);
  if (contact.phone) matches.push(eq(marketingSubscribers.phone, contact.phone));
  if (matches.length === 0) return [];
  return db
    .select()
    .from(marketingSubscribers)
    .where(and(eq(marketingSubscribers.organizationId, organizationId), or(...matches)))
    .orderBy(marketingSubscribers.subscribedAt)
    .for('update');
}

/** A new subscriber; null when a concurrent subscription took the address or number first. */
export async function insertSubscriber(
  db: DbOrTx,
  row: {
    organizationId: string;
    email: string | null;
    phone: string | null;
    name: string;
    source: SchoolSubscriberSource;
    subscribedAt: Date;
  },
): Promise<MarketingSubscriber | null> {
  const [inserted] = await db
    .insert(marketingSubscribers)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function updateSubscriber(
  db: DbOrTx,
  organizationId: string,
  id: string,
  changes: Partial<
    Pick<MarketingSubscriber, 'email' | 'phone' | 'name' | 'subscribedAt' | 'unsubscribedAt'>
  >,
): Promise<void> {
  await db
    .update(marketingSubscribers)
    .set(changes)
    .where(
      and(eq(marketingSubscribers.organizationId, organizationId), eq(marketingSubscribers.id, id)),
    );
}

export async function findSubscriberForUpdate(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<MarketingSubscriber | null> {
  const [row] = await db
    .select()
    .from(marketingSubscribers)
    .where(
      and(eq(marketingSubscribers.organizationId, organizationId), eq(marketingSubscribers.id, id)),
    )
    .for('update');
  return row ?? null;
}

/** The staff's list: newest first, searched on name, e-mail and phone (digits as typed). */
export async function listSubscribers(
  db: DbOrTx,
  organizationId: string,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ items: MarketingSubscriber[]; total: number }> {
  const filters: SQL[] = [eq(marketingSubscribers.organizationId, organizationId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const digits = q.replace(/\D/g, '');
    const search = [
      ilike(marketingSubscribers.name, pattern),
      ilike(marketingSubscribers.email, pattern),
      ...(digits.length >= 2 ? [ilike(marketingSubscribers.phone, `%${digits}%`)] : []),
    ];
    const matching = or(...search);
    if (matching) filters.push(matching);
  }
  const where = and(...filters);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(marketingSubscribers)
      .where(where)
      .orderBy(desc(marketingSubscribers.subscribedAt), desc(marketingSubscribers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(marketingSubscribers).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** The subscribers a campaign is sent to: those not unsubscribed, with that channel's contact. */
export async function activeSubscriberContacts(
  db: DbOrTx,
  organizationId: string,
  channel: 'email' | 'sms',
): Promise<string[]> {
  const column =
    channel === 'email'
      ? sql<string>`lower(${marketingSubscribers.email})`
      : marketingSubscribers.phone;
  const rows = await db
    .selectDistinct({ contact: sql<string>`${column}` })
    .from(marketingSubscribers)
    .where(
      and(
        eq(marketingSubscribers.organizationId, organizationId),
        isNull(marketingSubscribers.unsubscribedAt),
        sql`${column} is not null`,
      ),
    )
    .orderBy(sql`${column}`);
  return rows.map((row) => row.contact);
}
