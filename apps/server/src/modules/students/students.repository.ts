import type { StudentListQuery, StudentStatus } from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, searchTerms } from '../../platform/search-text';
import { invoices } from '../billing/billing.tables';
import { levels, programmes } from '../programmes';
import {
  enrolments,
  guardians,
  studentGuardians,
  students,
  studentStatusChanges,
} from './students.tables';

export async function findStudent(db: DbOrTx, organizationId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
  return row;
}

/**
 * The student row, locked until the transaction ends (enrolments and withdrawals queue here).
 * `no key update` still lets other transactions insert rows that refer to the student (an
 * invoice's foreign key takes a key-share lock), so an enrolment waiting for the invoice counter
 * and a one-off invoice waiting for the student cannot deadlock.
 */
export async function lockStudent(db: DbOrTx, organizationId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)))
    .for('no key update');
  return row;
}

/** Balance of the open invoices of a student (a named read-only query over billing's invoices). */
function balanceOf(today: string | null) {
  // Correlated subqueries spell the tables out: drizzle leaves single-table columns bare.
  return sql<number>`coalesce((select sum(i.total - i.paid)::bigint from invoices i
    where i.organization_id = students.organization_id and i.student_id = students.id
      and i.status in ('open', 'partially_paid')
      ${today ? sql`and i.due_on < ${today}` : sql``}), 0)`.mapWith(Number);
}

/** The filters of the students screen (and of its export), without paging. */
export type StudentFilters = Omit<StudentListQuery, 'page' | 'pageSize'>;

export interface StudentListContext {
  /** The year whose enrolment gives the level column and the level filter. */
  yearId: string | null;
  /** The school's calendar day, for "overdue". */
  today: string;
  studentId?: string;
}

/** Joins each student's active enrolment of the context's year (none without a year). */
export function activeEnrolmentJoin(context: StudentListContext) {
  return and(
    eq(enrolments.organizationId, students.organizationId),
    eq(enrolments.studentId, students.id),
    eq(enrolments.status, 'active'),
    context.yearId ? eq(enrolments.academicYearId, context.yearId) : sql`false`,
  );
}

/** The level of the joined enrolment. */
export function enrolledLevelJoin() {
  return and(
    eq(levels.organizationId, enrolments.organizationId),
    eq(levels.id, enrolments.levelId),
  );
}

/** The programme chosen for the student. */
export function studentProgrammeJoin() {
  return and(
    eq(programmes.organizationId, students.organizationId),
    eq(programmes.id, students.programmeId),
  );
}

/** The student's link to their main payer, then that guardian (`mainPayerJoin`). */
export function mainPayerLinkJoin() {
  return and(
    eq(studentGuardians.organizationId, students.organizationId),
    eq(studentGuardians.studentId, students.id),
    eq(studentGuardians.isMainPayer, true),
  );
}

export function mainPayerJoin() {
  return and(
    eq(guardians.organizationId, studentGuardians.organizationId),
    eq(guardians.id, studentGuardians.guardianId),
  );
}

/**
 * The screen's filters as SQL over `students` left-joined with `activeEnrolmentJoin`: search
 * (accent- and case-insensitive, name, matricule, phone digits), status, programme, level, balance.
 */
export function studentListConditions(
  organizationId: string,
  filters: StudentFilters,
  context: StudentListContext,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(students.organizationId, organizationId)];
  if (context.studentId) conditions.push(eq(students.id, context.studentId));
  if (!filters.includeArchived) conditions.push(isNull(students.archivedAt));
  if (filters.status) conditions.push(eq(students.status, filters.status));
  if (filters.programmeId) conditions.push(eq(students.programmeId, filters.programmeId));
  if (filters.levelId) conditions.push(eq(enrolments.levelId, filters.levelId));
  if (filters.search) {
    const terms = searchTerms(filters.search);
    conditions.push(
      or(...terms.map((term) => sql`${students.searchKey} like ${containsPattern(term)}`)),
    );
  }
  const openInvoice = (overdue: boolean) => sql`exists(select 1 from invoices i
    where i.organization_id = students.organization_id and i.student_id = students.id
      and i.status in ('open', 'partially_paid')
      ${overdue ? sql`and i.due_on < ${context.today}` : sql``})`;
  if (filters.balance === 'due') conditions.push(openInvoice(false));
  if (filters.balance === 'overdue') conditions.push(openInvoice(true));
  if (filters.balance === 'clear') conditions.push(sql`not ${openInvoice(false)}`);
  return and(...conditions);
}

/** The students screen: one page of the filtered list, with level and balances. */
export async function findStudentPage(
  db: DbOrTx,
  organizationId: string,
  query: StudentListQuery,
  context: StudentListContext,
) {
  const where = studentListConditions(organizationId, query, context);
  const rows = await db
    .select({
      student: students,
      programmeName: programmes.name,
      levelId: levels.id,
      levelName: levels.name,
      balance: balanceOf(null),
      overdue: balanceOf(context.today),
    })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .leftJoin(levels, enrolledLevelJoin())
    .leftJoin(programmes, studentProgrammeJoin())
    .where(where)
    .orderBy(asc(students.fullName), asc(students.matricule))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function countStudentsByStatus(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ status: students.status, count: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), isNull(students.archivedAt)))
    .groupBy(students.status);
  const counts: Record<StudentStatus, number> = { active: 0, suspended: 0, pending: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findStatusHistory(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select()
    .from(studentStatusChanges)
    .where(
      and(
        eq(studentStatusChanges.organizationId, organizationId),
        eq(studentStatusChanges.studentId, studentId),
      ),
    )
    .orderBy(desc(studentStatusChanges.changedAt));
}

/** Billed, paid, due and overdue over the student's issued invoices (void and drafts left out). */
export async function findStudentBalances(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  today: string,
) {
  const [row] = await db
    .select({
      billed: sql<number>`coalesce(sum(${invoices.total}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoices.paid}), 0)`.mapWith(Number),
      due: sql<number>`coalesce(sum(${invoices.total} - ${invoices.paid}) filter (where ${invoices.status} in ('open', 'partially_paid')), 0)`.mapWith(
        Number,
      ),
      overdue:
        sql<number>`coalesce(sum(${invoices.total} - ${invoices.paid}) filter (where ${invoices.status} in ('open', 'partially_paid') and ${invoices.dueOn} < ${today}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.studentId, studentId),
        inArray(invoices.status, ['open', 'partially_paid', 'paid']),
      ),
    );
  return row ?? { billed: 0, paid: 0, due: 0, overdue: 0 };
}
