import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceLines, scholarships, type ScholarshipRow } from '../billing.tables';

/** The scholarships granted to a student for a year (or only `only`), oldest first. */
export async function findGrantedScholarships(
  db: DbOrTx,
  organizationId: string,
  of: { studentId: string; academicYearId: string; only?: string },
): Promise<ScholarshipRow[]> {
  return db
    .select()
    .from(scholarships)
    .where(
      and(
        eq(scholarships.organizationId, organizationId),
        eq(scholarships.studentId, of.studentId),
        eq(scholarships.academicYearId, of.academicYearId),
        eq(scholarships.status, 'granted'),
        of.only ? eq(scholarships.id, of.only) : undefined,
      ),
    )
    .orderBy(scholarships.createdAt);
}

/** The lines a source (a scholarship's key) already added to these invoices. */
export async function findLinesOfSource(
  db: DbOrTx,
  organizationId: string,
  invoiceIds: string[],
  sourceKey: string,
) {
  return db
    .select({ invoiceId: invoiceLines.invoiceId, amount: invoiceLines.amount })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.organizationId, organizationId),
        inArray(invoiceLines.invoiceId, invoiceIds),
        eq(invoiceLines.sourceKey, sourceKey),
      ),
    );
}

export async function insertScholarship(
  db: DbOrTx,
  scholarship: typeof scholarships.$inferInsert,
): Promise<ScholarshipRow> {
  const [row] = await db.insert(scholarships).values(scholarship).returning();
  return row!;
}

/** The scholarship, locked until the transaction ends (one decision at a time). */
export async function lockScholarship(db: DbOrTx, organizationId: string, scholarshipId: string) {
  const [row] = await db
    .select()
    .from(scholarships)
    .where(and(eq(scholarships.organizationId, organizationId), eq(scholarships.id, scholarshipId)))
    .for('update');
  return row;
}

export async function recordScholarshipDecision(
  db: DbOrTx,
  organizationId: string,
  scholarshipId: string,
  decision: {
    status: 'granted' | 'refused';
    by: string;
    byUserId: string | null;
    at: Date;
    refusalReason: string | null;
  },
): Promise<void> {
  await db
    .update(scholarships)
    .set({
      status: decision.status,
      decidedBy: decision.by,
      decidedByUserId: decision.byUserId,
      decidedAt: decision.at,
      refusalReason: decision.refusalReason,
    })
    .where(
      and(eq(scholarships.organizationId, organizationId), eq(scholarships.id, scholarshipId)),
    );
}
