import type { IncomingCreditStatus } from '@ecolage/contracts';
import { and, count, desc, eq, ilike, inArray, or, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  incomingCredits,
  merchantAccounts,
  type IncomingCreditRow,
  type MerchantAccountRow,
} from './incoming-credits.tables';

export type NewIncomingCredit = typeof incomingCredits.$inferInsert;

/**
 * Inserts a credit unless the school already has this provider's transaction: then nothing is
 * written and undefined comes back (a second notice of one credit, even at the same moment).
 */
export async function insertIncomingCredit(
  db: DbOrTx,
  credit: NewIncomingCredit,
): Promise<IncomingCreditRow | undefined> {
  const [row] = await db
    .insert(incomingCredits)
    .values(credit)
    .onConflictDoNothing({
      target: [
        incomingCredits.organizationId,
        incomingCredits.provider,
        incomingCredits.providerTxnId,
      ],
    })
    .returning();
  return row;
}

export async function findCreditByTxn(
  db: DbOrTx,
  organizationId: string,
  provider: string,
  providerTxnId: string,
) {
  const [row] = await db
    .select()
    .from(incomingCredits)
    .where(
      and(
        eq(incomingCredits.organizationId, organizationId),
        eq(incomingCredits.provider, provider),
        eq(incomingCredits.providerTxnId, providerTxnId),
      ),
    );
  return row;
}

/** The school's credit, locked until the transaction ends (one assignment at a time). */
export async function lockIncomingCredit(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(incomingCredits)
    .where(and(eq(incomingCredits.organizationId, organizationId), eq(incomingCredits.id, id)))
    .for('update');
  return row;
}

export async function updateIncomingCredit(
  db: DbOrTx,
  id: string,
  changes: Partial<NewIncomingCredit>,
): Promise<IncomingCreditRow> {
  const [row] = await db
    .update(incomingCredits)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(incomingCredits.id, id))
    .returning();
  return row!;
}

function listFilter(
  organizationId: string,
  filter: { status?: IncomingCreditStatus; q?: string; studentIds?: string[] },
) {
  const conditions: SQL[] = [eq(incomingCredits.organizationId, organizationId)];
  if (filter.status) conditions.push(eq(incomingCredits.status, filter.status));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(incomingCredits.reference, pattern),
        ilike(incomingCredits.payerName, pattern),
        ilike(incomingCredits.providerTxnId, pattern),
        ...(digits.length >= 4 ? [ilike(incomingCredits.payerPhone, `%${digits}%`)] : []),
        ...(filter.studentIds?.length
          ? [inArray(incomingCredits.studentId, filter.studentIds)]
          : []),
      )!,
    );
  }
  return and(...conditions)!;
}

/** A page of the school's credits, newest first. */
export async function listIncomingCredits(
  db: DbOrTx,
  organizationId: string,
  filter: {
    status?: IncomingCreditStatus;
    q?: string;
    /** Students the search names (their credits match too). */
    studentIds?: string[];
    page: number;
    pageSize: number;
  },
): Promise<{ rows: IncomingCreditRow[]; total: number }> {
  const where = listFilter(organizationId, filter);
  const rows = await db
    .select()
    .from(incomingCredits)
    .where(where)
    .orderBy(desc(incomingCredits.receivedAt), desc(incomingCredits.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [counted] = await db.select({ total: count() }).from(incomingCredits).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** How many credits wait to be assigned, and their total. */
export async function sumWaitingCredits(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({ count: count(), amount: sum(incomingCredits.amount).mapWith(Number) })
    .from(incomingCredits)
    .where(
      and(
        eq(incomingCredits.organizationId, organizationId),
        eq(incomingCredits.status, 'to_assign'),
      ),
    );
  return { count: row?.count ?? 0, amount: row?.amount ?? 0 };
}

/** The school whose merchant account at `provider` is `merchantCode`. */
export async function findMerchantAccount(
  db: DbOrTx,
  provider: string,
  merchantCode: string,
): Promise<MerchantAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(merchantAccounts)
    .where(
      and(eq(merchantAccounts.provider, provider), eq(merchantAccounts.merchantCode, merchantCode)),
    );
  return row;
}

export async function listMerchantAccounts(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.organizationId, organizationId))
    .orderBy(merchantAccounts.provider, merchantAccounts.merchantCode);
}

/** Gives the school this merchant code (idempotent for the same school: the seed runs again). */
export async function insertMerchantAccount(
  db: DbOrTx,
  account: typeof merchantAccounts.$inferInsert,
): Promise<MerchantAccountRow | undefined> {
  const [row] = await db
    .insert(merchantAccounts)
    .values(account)
    .onConflictDoNothing({ target: [merchantAccounts.provider, merchantAccounts.merchantCode] })
    .returning();
  return row;
}
