import { PAYER_CODE_MAX_ATTEMPTS } from '@ecolage/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { payerCodes, type PayerCodeRow } from '../payer.tables';

export type NewPayerCode = typeof payerCodes.$inferInsert & { id: string; createdAt: Date };

export async function insertPayerCode(db: DbOrTx, code: NewPayerCode): Promise<void> {
  await db.insert(payerCodes).values(code);
}

/**
 * Holds, until the transaction ends, the right to count and add codes for this phone and this
 * matricule: two requests at the same instant cannot both slip under the hourly limit. The phone
 * is always locked before the matricule, so two requests never wait for each other in a circle.
 */
export async function lockCodeRequests(
  db: DbOrTx,
  organizationId: string,
  phone: string,
  matricule: string,
): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`payer-code:phone:${organizationId}:${phone}`}))`,
  );
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`payer-code:matricule:${organizationId}:${matricule}`}))`,
  );
}

/** How many codes this phone and this matricule were each sent since `since`, in this school. */
export async function countRecentCodes(
  db: DbOrTx,
  organizationId: string,
  request: { phone: string; matricule: string; since: Date },
): Promise<{ byPhone: number; byMatricule: number }> {
  const recent = and(
    eq(payerCodes.organizationId, organizationId),
    gt(payerCodes.createdAt, request.since),
  );
  const [byPhone] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payerCodes)
    .where(and(recent, eq(payerCodes.phone, request.phone)));
  const [byMatricule] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payerCodes)
    .where(and(recent, eq(payerCodes.matricule, request.matricule)));
  return { byPhone: byPhone?.count ?? 0, byMatricule: byMatricule?.count ?? 0 };
}

/**
 * Counts one more try of the code, in one statement (two tries at the same instant both count),
 * and returns the code as it now is. Past the limit the counter stops at limit + 1.
 */
export async function countCodeAttempt(
  db: DbOrTx,
  organizationId: string,
  codeId: string,
): Promise<PayerCodeRow | undefined> {
  const [row] = await db
    .update(payerCodes)
    .set({ attempts: sql`least(${payerCodes.attempts} + 1, ${PAYER_CODE_MAX_ATTEMPTS + 1})` })
    .where(and(eq(payerCodes.organizationId, organizationId), eq(payerCodes.id, codeId)))
    .returning();
  return row;
}

/** Marks the code used; false when it already was (it serves once). */
export async function consumePayerCode(
  db: DbOrTx,
  organizationId: string,
  codeId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(payerCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(payerCodes.organizationId, organizationId),
        eq(payerCodes.id, codeId),
        isNull(payerCodes.consumedAt),
      ),
    )
    .returning({ id: payerCodes.id });
  return rows.length === 1;
}
