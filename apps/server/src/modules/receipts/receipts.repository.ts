import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { receiptCounters, receipts, type ReceiptRow } from './receipts.tables';

export interface ReceiptRef {
  paymentId: string;
  id: string;
  number: string;
}

/** The receipts of these payments (those issued so far), by payment id. */
export async function findReceiptsOfPayments(
  db: DbOrTx,
  organizationId: string,
  paymentIds: string[],
): Promise<Map<string, ReceiptRef>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: receipts.paymentId, id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(
      and(eq(receipts.organizationId, organizationId), inArray(receipts.paymentId, paymentIds)),
    );
  return new Map(rows.map((row) => [row.paymentId, row]));
}

/** The receipt of a payment as the payment's timeline shows it. */
export interface ReceiptSummary {
  id: string;
  number: string;
  issuedAt: Date;
  /** The public verification page (`/verifier/<code>`), as printed on the receipt. */
  verificationUrl: string;
  /** The code of that page, which also fetches the receipt's PDF publicly. */
  verificationCode: string;
}

/** The receipt of one payment, once issued; undefined before. */
export async function findReceiptSummary(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<ReceiptSummary | undefined> {
  const [row] = await db
    .select({
      id: receipts.id,
      number: receipts.number,
      issuedAt: receipts.issuedAt,
      verificationUrl: sql<string>`${receipts.content}->>'verificationUrl'`,
      verificationCode: receipts.verificationCode,
    })
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.paymentId, paymentId)));
  return row;
}

export async function findReceiptOfPayment(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.paymentId, paymentId)));
  return row;
}

export async function findReceipt(
  db: DbOrTx,
  organizationId: string,
  receiptId: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, receiptId)));
  return row;
}

/** Any school's receipt by its verification code (the public page). */
export async function findReceiptByCode(db: DbOrTx, code: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.verificationCode, code));
  return row;
}

/**
 * Queues the issuers of one payment's receipt until the first commits: the second then finds the
 * receipt instead of taking a number it would not use.
 */
export async function lockPaymentReceipt(db: DbOrTx, organizationId: string, paymentId: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`receipt:${organizationId}:${paymentId}`}))`,
  );
}

/**
 * The next number of the school's year. The counter row stays locked until the transaction ends,
 * so numbers are given one transaction at a time and a rolled-back one gives its number back.
 */
export async function nextReceiptSequence(
  db: DbOrTx,
  organizationId: string,
  year: number,
): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ organizationId, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.organizationId, receiptCounters.year],
      set: { lastSequence: sql`${receiptCounters.lastSequence} + 1` },
    })
    .returning({ sequence: receiptCounters.lastSequence });
  if (!row) throw new Error('receipt counter not updated');
  return row.sequence;
}

export async function insertReceipt(
  db: DbOrTx,
  values: typeof receipts.$inferInsert,
): Promise<ReceiptRow> {
  const [row] = await db.insert(receipts).values(values).returning();
  if (!row) throw new Error('receipt not inserted');
  return row;
}

export async function setReceiptRefundedAmount(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
  refundedAmount: number,
): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .update(receipts)
    // Refunds only add up: a late or replayed notice never lowers what the paper shows.
    .set({ refundedAmount: sql`greatest(${receipts.refundedAmount}, ${refundedAmount})` })
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.paymentId, paymentId)))
    .returning();
  return row;
}

export async function markReceiptNotified(
  db: DbOrTx,
  organizationId: string,
  receiptId: string,
  at: Date,
) {
  await db
    .update(receipts)
    .set({ notifiedAt: at })
    .where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, receiptId)));
}

/** The receipts whose paper names the student (its content's students), newest first. */
export async function findStudentReceiptPage(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  page: { page: number; pageSize: number },
) {
  const where = and(
    eq(receipts.organizationId, organizationId),
    sql`${receipts.content} -> 'students' @> ${JSON.stringify([{ id: studentId }])}::jsonb`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(receipts)
      .where(where)
      .orderBy(desc(receipts.issuedAt), desc(receipts.number))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(receipts).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * The receipts issued on the school's days `from` to `to` (inclusive, in its time zone), in number
 * order, at most `limit`: ids and names only, the archive renders them one at a time.
 */
export async function findReceiptsIssuedBetween(
  db: DbOrTx,
  organizationId: string,
  range: { from: string; to: string; timeZone: string },
  limit: number,
) {
  const start = sql`(${range.from}::date)::timestamp at time zone ${range.timeZone}`;
  const end = sql`(${range.to}::date + 1)::timestamp at time zone ${range.timeZone}`;
  return db
    .select({ id: receipts.id, number: receipts.number, issuedAt: receipts.issuedAt })
    .from(receipts)
    .where(
      and(
        eq(receipts.organizationId, organizationId),
        sql`${receipts.issuedAt} >= ${start}`,
        sql`${receipts.issuedAt} < ${end}`,
      ),
    )
    .orderBy(asc(receipts.issuedAt), asc(receipts.number))
    .limit(limit);
}
