import type { OptOutCategory, OptOutSource } from '@ecolage/contracts';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { messageOptOuts, type MessageOptOutRow } from './opt-outs.tables';

interface OptOutKey {
  organizationId: string;
  recipient: string;
  category: OptOutCategory;
}

const RECIPIENTS_PER_QUERY = 5000;

const keyOf = (key: OptOutKey) =>
  and(
    eq(messageOptOuts.organizationId, key.organizationId),
    eq(messageOptOuts.recipient, key.recipient),
    eq(messageOptOuts.category, key.category),
  );

/** The row of this recipient and category, if any (held or reactivated). */
export async function findOptOut(
  db: DbOrTx,
  key: OptOutKey,
): Promise<MessageOptOutRow | undefined> {
  const [row] = await db.select().from(messageOptOuts).where(keyOf(key));
  return row;
}

/**
 * Records the opt-out, or renews one that was reactivated; nothing when it already holds.
 * True when something changed.
 */
export async function upsertOptOut(
  db: DbOrTx,
  optOut: OptOutKey & { source: OptOutSource; at: Date },
): Promise<boolean> {
  const written = await db
    .insert(messageOptOuts)
    .values({
      organizationId: optOut.organizationId,
      recipient: optOut.recipient,
      category: optOut.category,
      source: optOut.source,
      createdAt: optOut.at,
    })
    .onConflictDoUpdate({
      target: [messageOptOuts.organizationId, messageOptOuts.recipient, messageOptOuts.category],
      set: { source: optOut.source, createdAt: optOut.at, reactivatedAt: null },
      // An opt-out that holds stays as it was (its date is the proof of when it was asked).
      setWhere: isNotNull(messageOptOuts.reactivatedAt),
    })
    .returning({ recipient: messageOptOuts.recipient });
  return written.length === 1;
}

/** Ends an opt-out that holds; true when one did. */
export async function reactivateOptOut(db: DbOrTx, key: OptOutKey, at: Date): Promise<boolean> {
  const updated = await db
    .update(messageOptOuts)
    .set({ reactivatedAt: at })
    .where(and(keyOf(key), isNull(messageOptOuts.reactivatedAt)))
    .returning({ recipient: messageOptOuts.recipient });
  return updated.length === 1;
}

/** Which of these recipients have an opt-out that holds for this category. */
export async function findOptedOut(
  db: DbOrTx,
  organizationId: string,
  recipients: readonly string[],
  category: OptOutCategory,
): Promise<string[]> {
  const found: string[] = [];
  // A reminders batch may ask about thousands: a statement per chunk keeps under the parameters' limit.
  for (let start = 0; start < recipients.length; start += RECIPIENTS_PER_QUERY) {
    const chunk = recipients.slice(start, start + RECIPIENTS_PER_QUERY);
    const rows = await db
      .select({ recipient: messageOptOuts.recipient })
      .from(messageOptOuts)
      .where(
        and(
          eq(messageOptOuts.organizationId, organizationId),
          eq(messageOptOuts.category, category),
          inArray(messageOptOuts.recipient, chunk),
          isNull(messageOptOuts.reactivatedAt),
        ),
      );
    found.push(...rows.map((row) => row.recipient));
  }
  return found;
}
