/**
 * Named read-only queries of the students screen and its export: the students with the level of
 * their enrolment and their programme (the programmes module's `levels` and `programmes`), and
 * billing's balances through the `StudentBalanceQueries` port (students never imports billing).
 */
import type { StudentListQuery } from '@ecolage/contracts';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { containsPattern, searchTerms } from '../../platform/search-text';
import { levels, programmes } from '../programmes/programmes.tables';
import type { StudentBalanceQueries, StudentKey } from './billing.port';
import { activeEnrolmentJoin } from './students.repository';
import { enrolments, students } from './students.tables';

/** The filters of the students screen (and of its export), without paging. */
export type StudentFilters = Omit<StudentListQuery, 'page' | 'pageSize'>;

export interface StudentListContext {
  /** The year whose enrolment gives the level column and the level filter. */
  yearId: string | null;
  /** The school's calendar day, for "overdue". */
  today: string;
  studentId?: string;
  /** Billing's balance fragments (the balance columns and filter). */
  balances: StudentBalanceQueries;
}

/** The student row of the enclosing query, for billing's balance fragments. */
export const listedStudent: StudentKey = {
  organizationId: students.organizationId,
  id: students.id,
};

/** The level of the joined enrolment. */
export function enrolledLevelJoin() {
  return sameSchool(levels, levels.id, enrolments, enrolments.levelId);
}

/** The programme chosen for the student. */
export function studentProgrammeJoin() {
  return sameSchool(programmes, programmes.id, students, students.programmeId);
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
  const openInvoice = (overdue: boolean) =>
    context.balances.hasOpenInvoice(listedStudent, overdue ? context.today : undefined);
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
      balance: context.balances.openBalance(listedStudent),
      overdue: context.balances.openBalance(listedStudent, context.today),
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
