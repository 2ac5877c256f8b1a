import type { AdmissionStatus } from '@ecolage/contracts';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { admissions, type AdmissionRow } from './admissions.tables';

/** One submission at a time per school, so that a double tap cannot create two students. */
export async function lockSchoolAdmissions(tx: DbOrTx, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admissions:${organizationId}`}))`);
}

/**
 * A request still to examine that this submission repeats: the same e-mail for the same level,
 * or the same e-mail or phone since `since` (an hour ago).
 */
export async function findRepeatedAdmission(
  db: DbOrTx,
  organizationId: string,
  applicant: { email: string; phone: string; levelId: string; since: Date },
): Promise<AdmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(admissions)
    .where(
      and(
        eq(admissions.organizationId, organizationId),
        eq(admissions.status, 'submitted'),
        or(
          and(eq(admissions.email, applicant.email), eq(admissions.levelId, applicant.levelId)),
          and(
            or(eq(admissions.email, applicant.email), eq(admissions.phone, applicant.phone)),
            gt(admissions.createdAt, applicant.since),
          ),
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAdmission(
  db: DbOrTx,
  values: typeof admissions.$inferInsert,
): Promise<AdmissionRow> {
  const [row] = await db.insert(admissions).values(values).returning();
  if (!row) throw new Error('admission not inserted');
  return row;
}

/** The request, locked until the transaction ends: two decisions on it queue here. */
export async function lockAdmission(db: DbOrTx, organizationId: string, admissionId: string) {
  const [row] = await db
    .select()
    .from(admissions)
    .where(and(eq(admissions.organizationId, organizationId), eq(admissions.id, admissionId)))
    .for('update');
  return row;
}

export async function recordDecision(
  db: DbOrTx,
  organizationId: string,
  admissionId: string,
  decision: {
    status: Exclude<AdmissionStatus, 'submitted'>;
    refusalReason: string | null;
    decidedBy: string;
    decidedAt: Date;
  },
) {
  await db
    .update(admissions)
    .set(decision)
    .where(and(eq(admissions.organizationId, organizationId), eq(admissions.id, admissionId)));
}
