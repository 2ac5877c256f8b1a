/**
 * Named read-only queries of invoices with their student (the students module's `students`) and
 * year (the programmes module's `academic_years`): the invoices screen, an invoice's page, the
 * ledger's third parties (matricules).
 */
import type { InvoiceListQuery } from '@ecolage/contracts';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sameSchool } from '../../../platform/db/tenant-join';
import { containsPattern, foldForSearch } from '../../../platform/search-text';
import { academicYears } from '../../programmes/programmes.tables';
import { students } from '../../students/students.tables';
import { invoices } from '../billing.tables';

/** An invoice's student, for joins. */
export const studentOfInvoice = sameSchool(students, students.id, invoices, invoices.studentId);

export function invoiceListConditions(
  organizationId: string,
  query: Pick<InvoiceListQuery, 'search' | 'studentId' | 'status' | 'yearId' | 'overdue'>,
  today: string,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, organizationId)];
  if (query.studentId) conditions.push(eq(invoices.studentId, query.studentId));
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.yearId) conditions.push(eq(invoices.academicYearId, query.yearId));
  if (query.overdue) {
    conditions.push(
      inArray(invoices.status, ['open', 'partially_paid']),
      lt(invoices.dueOn, today),
    );
  }
  if (query.search) {
    const pattern = containsPattern(foldForSearch(query.search));
    conditions.push(
      or(
        sql`lower(coalesce(${invoices.number}, '')) like ${pattern}`,
        sql`${students.searchKey} like ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export async function findInvoicePage(
  db: DbOrTx,
  organizationId: string,
  query: InvoiceListQuery,
  today: string,
) {
  const where = invoiceListConditions(organizationId, query, today);
  const rows = await db
    .select({
      invoice: invoices,
      student: { id: students.id, fullName: students.fullName, matricule: students.matricule },
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(where)
    .orderBy(desc(invoices.dueOn), desc(sql`length(${invoices.number})`), desc(invoices.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Each student's matricule: the third party of their 4111 entries. */
export async function findMatricules(db: DbOrTx, organizationId: string, studentIds: string[]) {
  const unique = [...new Set(studentIds)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: students.id, matricule: students.matricule })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), inArray(students.id, unique)));
  return new Map(rows.map((row) => [row.id, row.matricule]));
}

export async function findInvoice(db: DbOrTx, organizationId: string, invoiceId: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      student: { id: students.id, fullName: students.fullName, matricule: students.matricule },
      year: { id: academicYears.id, label: academicYears.label },
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .leftJoin(
      academicYears,
      sameSchool(academicYears, academicYears.id, invoices, invoices.academicYearId),
    )
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  return row;
}
