/**
 * Named read-only queries of the scholarships screen: each scholarship with its student (the
 * students module's `students`), the student's programme and the year (the programmes module's
 * `programmes` and `academic_years`), what it already took off invoices, and the invoices it
 * touched (its discount lines, source key `scholarship:<id>`).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sameSchool } from '../../../platform/db/tenant-join';
import { containsPattern, foldedForSearchSql, foldForSearch } from '../../../platform/search-text';
import { academicYears, programmes } from '../../programmes/programmes.tables';
import { students } from '../../students/students.tables';
import { invoiceLines, invoices, scholarships, type ScholarshipRow } from '../billing.tables';

export interface ScholarshipFilter {
  q?: string;
  studentId?: string;
  status?: ScholarshipRow['status'];
  programmeId?: string;
  yearId?: string;
  id?: string;
}

/**
 * The student's programme for the scholarship's year: the level of that year's enrolment, else
 * the programme chosen in the student modal.
 */
const programmeOfScholarship = sql`coalesce((select lv.programme_id from enrolments en
    join levels lv on lv.organization_id = en.organization_id and lv.id = en.level_id
    where en.organization_id = ${scholarships.organizationId}
      and en.student_id = ${scholarships.studentId}
      and en.academic_year_id = ${scholarships.academicYearId}
    order by en.enrolled_at desc limit 1), ${students.programmeId})`;

function listConditions(organizationId: string, filter: ScholarshipFilter): SQL | undefined {
  const term = filter.q ? foldForSearch(filter.q) : '';
  const pattern = containsPattern(term);
  return and(
    eq(scholarships.organizationId, organizationId),
    filter.id ? eq(scholarships.id, filter.id) : undefined,
    filter.studentId ? eq(scholarships.studentId, filter.studentId) : undefined,
    filter.status ? eq(scholarships.status, filter.status) : undefined,
    filter.programmeId ? sql`${programmeOfScholarship} = ${filter.programmeId}` : undefined,
    filter.yearId ? eq(scholarships.academicYearId, filter.yearId) : undefined,
    term
      ? or(
          sql`${students.searchKey} like ${pattern}`,
          sql`${foldedForSearchSql(sql`${scholarships.name}`)} like ${pattern}`,
        )
      : undefined,
  );
}

const studentOfScholarship = sameSchool(
  students,
  students.id,
  scholarships,
  scholarships.studentId,
);

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
    .innerJoin(students, studentOfScholarship)
    .innerJoin(
      academicYears,
      sameSchool(academicYears, academicYears.id, scholarships, scholarships.academicYearId),
    )
    .leftJoin(
      programmes,
      and(
        eq(programmes.organizationId, scholarships.organizationId),
        sql`${programmes.id} = ${programmeOfScholarship}`,
      ),
    )
    .where(where)
    .orderBy(desc(scholarships.createdAt), desc(scholarships.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(scholarships)
    .innerJoin(students, studentOfScholarship)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** The invoices these scholarships took something off, with their discount line, by due date. */
export async function findScholarshipInvoices(
  db: DbOrTx,
  organizationId: string,
  scholarshipIds: string[],
) {
  if (scholarshipIds.length === 0) return [];
  return db
    .select({
      sourceKey: invoiceLines.sourceKey,
      id: invoices.id,
      number: invoices.number,
      label: invoices.label,
      dueOn: invoices.dueOn,
      total: invoices.total,
      paid: invoices.paid,
      lineLabel: invoiceLines.label,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .innerJoin(invoices, sameSchool(invoices, invoices.id, invoiceLines, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.organizationId, organizationId),
        inArray(
          invoiceLines.sourceKey,
          scholarshipIds.map((id) => `scholarship:${id}`),
        ),
      ),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
}
