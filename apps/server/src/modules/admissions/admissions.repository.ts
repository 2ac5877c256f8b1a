import type { AdmissionStatus } from '@ecolage/contracts';
import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { levels, programmes } from '../programmes';
import { students } from '../students';
import { admissions, type AdmissionRow } from './admissions.tables';

/**
 * The levels the form offers, with their programme: neither archived, programmes without a level
 * left out. A named read-only query over programmes' tables (docs/architecture.md).
 */
export async function findOfferedLevels(db: DbOrTx, organizationId: string) {
  return db
    .select({
      programmeId: programmes.id,
      programmeName: programmes.name,
      levelId: levels.id,
      levelName: levels.name,
    })
    .from(programmes)
    .innerJoin(
      levels,
      and(
        eq(levels.organizationId, programmes.organizationId),
        eq(levels.programmeId, programmes.id),
        isNull(levels.archivedAt),
      ),
    )
    .where(and(eq(programmes.organizationId, organizationId), isNull(programmes.archivedAt)))
    .orderBy(asc(programmes.name), asc(levels.createdAt));
}

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

/**
 * Requests with the student's matricule and the names of the programme and level (a named
 * read-only query over students' and programmes' tables), newest first.
 */
function admissionRows(db: DbOrTx) {
  return db
    .select({
      admission: admissions,
      matricule: students.matricule,
      programmeName: programmes.name,
      levelName: levels.name,
    })
    .from(admissions)
    .innerJoin(
      students,
      and(
        eq(students.organizationId, admissions.organizationId),
        eq(students.id, admissions.studentId),
      ),
    )
    .innerJoin(
      programmes,
      and(
        eq(programmes.organizationId, admissions.organizationId),
        eq(programmes.id, admissions.programmeId),
      ),
    )
    .innerJoin(
      levels,
      and(eq(levels.organizationId, admissions.organizationId), eq(levels.id, admissions.levelId)),
    );
}

export type AdmissionListRow = NonNullable<Awaited<ReturnType<typeof findAdmission>>>;

export async function findAdmission(db: DbOrTx, organizationId: string, admissionId: string) {
  const [row] = await admissionRows(db).where(
    and(eq(admissions.organizationId, organizationId), eq(admissions.id, admissionId)),
  );
  return row;
}

export async function findAdmissionPage(
  db: DbOrTx,
  organizationId: string,
  query: { status: AdmissionStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(admissions.organizationId, organizationId),
    eq(admissions.status, query.status),
  );
  const [rows, [total]] = await Promise.all([
    admissionRows(db)
      .where(where)
      .orderBy(desc(admissions.createdAt), desc(admissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(admissions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
