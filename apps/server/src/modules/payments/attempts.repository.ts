import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { announcePaymentStates } from './payment-live.repository';
import {
  paymentAttemptInvoices,
  paymentAttempts,
  paymentIdempotencyKeys,
  paymentTransitions,
  type PaymentAttemptRow,
} from './payments.tables';

export type NewAttempt = typeof paymentAttempts.$inferInsert;

export async function insertAttempt(db: DbOrTx, attempt: NewAttempt): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(attempt).returning();
  return row!;
}

/** Any school's attempt: provider callbacks name an attempt, not a school. */
export async function findAttempt(db: DbOrTx, attemptId: string) {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  return row;
}

/** Any school's attempts, by id (a batch of notifications). */
export async function findAttempts(db: DbOrTx, attemptIds: string[]) {
  if (attemptIds.length === 0) return [];
  return db
    .select()
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.id, [...new Set(attemptIds)]));
}

export async function findSchoolAttempt(db: DbOrTx, organizationId: string, attemptId: string) {
  const [row] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(eq(paymentAttempts.organizationId, organizationId), eq(paymentAttempts.id, attemptId)),
    );
  return row;
}

/** Locks the attempts, in id order, until the transaction ends: transitions one at a time. */
export async function lockAttempts(db: DbOrTx, attemptIds: string[]) {
  if (attemptIds.length === 0) return [];
  return db
    .select()
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.id, [...new Set(attemptIds)]))
    .orderBy(asc(paymentAttempts.id))
    .for('update');
}

export async function lockAttempt(db: DbOrTx, attemptId: string) {
  const [row] = await lockAttempts(db, [attemptId]);
  return row;
}

export async function updateAttempt(
  db: DbOrTx,
  attemptId: string,
  changes: Partial<Omit<NewAttempt, 'id' | 'organizationId'>>,
): Promise<PaymentAttemptRow> {
  const [row] = await db
    .update(paymentAttempts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentAttempts.id, attemptId))
    .returning();
  return row!;
}

export type NewTransition = typeof paymentTransitions.$inferInsert;

export async function recordTransitions(db: DbOrTx, transitions: NewTransition[]): Promise<void> {
  if (transitions.length === 0) return;
  await db.insert(paymentTransitions).values(transitions);
  // The screens following these payments learn of an end at the commit (platform/live).
  await announcePaymentStates(db, transitions);
}

export async function recordTransition(db: DbOrTx, transition: NewTransition): Promise<void> {
  await recordTransitions(db, [transition]);
}

/**
 * Claims the invoices for the attempt: the partial unique index refuses a second active claim.
 * A desk payment claims them too, and releases them before its commit: the money is in hand, so
 * an online payment asked for later is not blocked by them.
 */
export async function claimInvoices(
  db: DbOrTx,
  attempt: Pick<PaymentAttemptRow, 'id' | 'organizationId' | 'guardianId'>,
  invoices: { invoiceId: string; studentId: string }[],
): Promise<void> {
  if (invoices.length === 0) return;
  await db.insert(paymentAttemptInvoices).values(
    invoices.map((invoice) => ({
      organizationId: attempt.organizationId,
      attemptId: attempt.id,
      invoiceId: invoice.invoiceId,
      studentId: invoice.studentId,
      guardianId: attempt.guardianId,
    })),
  );
}

/** The attempts are over: their invoices may be paid by other attempts. */
export async function releaseInvoices(db: DbOrTx, attemptIds: string[]): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(paymentAttemptInvoices)
    .set({ active: false })
    .where(
      and(
        inArray(paymentAttemptInvoices.attemptId, attemptIds),
        eq(paymentAttemptInvoices.active, true),
      ),
    );
}

/**
 * The payer's active attempt that claims one of these invoices: the one a second request for them
 * runs into (one active attempt per invoice and payer).
 */
export async function findActiveClaim(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
  invoiceIds: string[],
): Promise<string | undefined> {
  if (invoiceIds.length === 0) return undefined;
  const [row] = await db
    .select({ attemptId: paymentAttemptInvoices.attemptId })
    .from(paymentAttemptInvoices)
    .where(
      and(
        eq(paymentAttemptInvoices.organizationId, organizationId),
        eq(paymentAttemptInvoices.guardianId, guardianId),
        inArray(paymentAttemptInvoices.invoiceId, invoiceIds),
        eq(paymentAttemptInvoices.active, true),
      ),
    )
    .limit(1);
  return row?.attemptId;
}

export async function findIdempotencyKey(db: DbOrTx, organizationId: string, key: string) {
  const [row] = await db
    .select()
    .from(paymentIdempotencyKeys)
    .where(
      and(
        eq(paymentIdempotencyKeys.organizationId, organizationId),
        eq(paymentIdempotencyKeys.key, key),
      ),
    );
  return row;
}

export async function insertIdempotencyKey(
  db: DbOrTx,
  row: typeof paymentIdempotencyKeys.$inferInsert,
): Promise<void> {
  await db.insert(paymentIdempotencyKeys).values(row);
}

/** Attempts whose next status query is due, soonest first. */
export async function findDueAttempts(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(isNotNull(paymentAttempts.nextCheckAt), lte(paymentAttempts.nextCheckAt, now)))
    .orderBy(asc(paymentAttempts.nextCheckAt))
    .limit(limit);
}

/** Asks the poller to look at these attempts now (an unverified notification hinted at them). */
export async function checkSoon(db: DbOrTx, attemptIds: string[], at: Date): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(paymentAttempts)
    .set({ nextCheckAt: sql`least(coalesce(${paymentAttempts.nextCheckAt}, ${at}), ${at})` })
    .where(
      and(
        inArray(paymentAttempts.id, attemptIds),
        sql`(${paymentAttempts.status} in ('initiated', 'pending', 'unknown')
          or (${paymentAttempts.status} in ('expired', 'cancelled') and ${paymentAttempts.watchUntil} > ${at}))`,
      ),
    );
}
