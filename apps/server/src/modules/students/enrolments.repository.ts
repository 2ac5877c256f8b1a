import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import type { LevelEnrolmentQueries } from '../programmes';
import { enrolments, studentGuardians, type EnrolmentRow } from './students.tables';

export async function findActiveEnrolment(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  academicYearId: string,
) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        eq(enrolments.studentId, studentId),
        eq(enrolments.academicYearId, academicYearId),
        eq(enrolments.status, 'active'),
      ),
    );
  return row;
}

export async function findEnrolment(db: DbOrTx, organizationId: string, enrolmentId: string) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.id, enrolmentId)));
  return row;
}

/**
 * How many children sharing the main payer of the enrolment's student were enrolled in the same
 * year before it (ties broken by id): the enrolment's sibling rank is that count plus one.
 */
export async function countEnrolledSiblings(
  db: DbOrTx,
  organizationId: string,
  enrolment: Pick<EnrolmentRow, 'id' | 'studentId' | 'academicYearId'>,
) {
  const { studentId, academicYearId } = enrolment;
  const mainPayer = db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        eq(studentGuardians.studentId, studentId),
        eq(studentGuardians.isMainPayer, true),
      ),
    );
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${enrolments.studentId})::int` })
    .from(enrolments)
    .innerJoin(
      studentGuardians,
      and(
        eq(studentGuardians.organizationId, enrolments.organizationId),
        eq(studentGuardians.studentId, enrolments.studentId),
        eq(studentGuardians.isMainPayer, true),
      ),
    )
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        eq(enrolments.academicYearId, academicYearId),
        eq(enrolments.status, 'active'),
        sql`${enrolments.studentId} <> ${studentId}`,
        sql`(${enrolments.enrolledAt}, ${enrolments.id}) < (select e.enrolled_at, e.id from enrolments e
          where e.organization_id = ${organizationId} and e.id = ${enrolment.id})`,
        inArray(studentGuardians.guardianId, mainPayer),
      ),
    );
  return row?.count ?? 0;
}

/** A new active enrolment, in the caller's transaction (billing issues its invoices after). */
export async function insertEnrolment(
  tx: Transaction,
  enrolment: { organizationId: string; studentId: string; levelId: string; academicYearId: string },
): Promise<EnrolmentRow> {
  const [row] = await tx.insert(enrolments).values(enrolment).returning();
  return row!;
}

/** Marks an enrolment withdrawn (kept, with its day and reason), in the caller's transaction. */
export async function markEnrolmentWithdrawn(
  tx: Transaction,
  organizationId: string,
  enrolmentId: string,
  withdrawal: { at: Date; reason: string },
): Promise<void> {
  await tx
    .update(enrolments)
    .set({ status: 'withdrawn', withdrawnAt: withdrawal.at, withdrawalReason: withdrawal.reason })
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.id, enrolmentId)));
}

/** Students' side of the programmes screen: how a level is used by enrolments (SQL fragments). */
export const levelEnrolmentQueries: LevelEnrolmentQueries = {
  activeEnrolments: (level) => sql<number>`(select count(*)::int from enrolments e
    where e.organization_id = ${level.organizationId} and e.level_id = ${level.id}
      and e.status = 'active')`,
  everEnrolled: (level) => sql<boolean>`exists(select 1 from enrolments e
    where e.organization_id = ${level.organizationId} and e.level_id = ${level.id})`,
};
