import type { AdmissionStatus } from '@ecolage/contracts';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { levels, programmes } from '../programmes/programmes.tables';
import { students } from '../students/students.tables';
import { admissions } from './admissions.tables';
import { sameSchool } from '../../platform/db/tenant-join';

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
    .innerJoin(students, sameSchool(students, students.id, admissions, admissions.studentId))
    .innerJoin(
      programmes,
      sameSchool(programmes, programmes.id, admissions, admissions.programmeId),
    )
    .innerJoin(levels, sameSchool(levels, levels.id, admissions, admissions.levelId));
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
