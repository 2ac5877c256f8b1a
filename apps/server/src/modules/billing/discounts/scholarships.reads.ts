/**
 * Named read-only query of the scholarships screen: each scholarship with its student (the
 * students module's `students`), the student's programme and the year (the programmes module's
 * `programmes` and `academic_years`), and what it already took off invoices.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sameSchool } from '../../../platform/db/tenant-join';
import { academicYears, programmes } from '../../programmes/programmes.tables';
import { students } from '../../students/students.tables';
import { scholarships, type ScholarshipRow } from '../billing.tables';

export interface ScholarshipFilter {
  studentId?: string;
  status?: ScholarshipRow['status'];
  yearId?: string;
  id?: string;
}

function listConditions(organizationId: string, filter: ScholarshipFilter): SQL | undefined {
  return and(
    eq(scholarships.organizationId, organizationId),
    filter.id ? eq(scholarships.id, filter.id) : undefined,
    filter.studentId ? eq(scholarships.studentId, filter.studentId) : undefined,
    filter.status ? eq(scholarships.status, filter.status) : undefined,
    filter.yearId ? eq(scholarships.academicYearId, filter.yearId) : undefined,
  );
}

/** One page of the school's scholarships, newest first, and how many match. */
export async function findScholarshipPage(
  db: DbOrTx,
  organizationId: string,
  query: ScholarshipFilter & { page: number; pageSize: number },
) {
  const where = listConditions(organizationId, query);
  const rows = await db
    .select({
      scholarship: scholarships,
      student: { id: students.id, fullName: students.fullName, matricule: students.matricule },
      programme: programmes.name,
      year: { id: academicYears.id, label: academicYears.label },
      applied: sql<number>`coalesce((select -sum(l.amount) from invoice_lines l
        where l.organization_id = scholarships.organization_id
          and l.source_key = 'scholarship:' || scholarships.id::text), 0)`.mapWith(Number),
    })
    .from(scholarships)
    .innerJoin(students, sameSchool(students, students.id, scholarships, scholarships.studentId))
    .innerJoin(
      academicYears,
      sameSchool(academicYears, academicYears.id, scholarships, scholarships.academicYearId),
    )
    .leftJoin(programmes, sameSchool(programmes, programmes.id, students, students.programmeId))
    .where(where)
    .orderBy(desc(scholarships.createdAt))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(scholarships)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
