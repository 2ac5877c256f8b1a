import type { StudentListQuery, StudentStatus } from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, searchTerms } from '../../platform/search-text';
import { invoices } from '../billing/billing.tables';
import { academicYears, levels, programmes } from '../programmes';
import {
  enrolments,
  guardians,
  studentGuardians,
  studentNumbering,
  students,
  studentStatusChanges,
  type EnrolmentRow,
} from './students.tables';

/**
 * Reserves `count` matricule numbers of the school's sequence and returns the prefix and the
 * first one. The row lock serialises concurrent creations: numbers are never shared nor reused.
 */
export async function reserveMatricules(db: DbOrTx, organizationId: string, count: number) {
  const [row] = await db
    .insert(studentNumbering)
    .values({ organizationId, lastNumber: count })
    .onConflictDoUpdate({
      target: studentNumbering.organizationId,
      set: { lastNumber: sql`${studentNumbering.lastNumber} + ${count}` },
    })
    .returning();
  return { prefix: row!.prefix, first: row!.lastNumber - count + 1 };
}

export function formatMatricule(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(3, '0')}`;
}

export async function findNumbering(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(studentNumbering)
    .where(eq(studentNumbering.organizationId, organizationId));
  return row ?? { organizationId, prefix: 'STU', lastNumber: 0 };
}

export async function setMatriculePrefix(db: DbOrTx, organizationId: string, prefix: string) {
  await db
    .insert(studentNumbering)
    .values({ organizationId, prefix })
    .onConflictDoUpdate({ target: studentNumbering.organizationId, set: { prefix } });
}

/** Moves the sequence past `number` (an imported matricule of the same prefix). */
export async function advanceMatriculeSequence(db: DbOrTx, organizationId: string, number: number) {
  await db
    .insert(studentNumbering)
    .values({ organizationId, lastNumber: number })
    .onConflictDoUpdate({
      target: studentNumbering.organizationId,
      set: { lastNumber: sql`greatest(${studentNumbering.lastNumber}, ${number})` },
    });
}

export async function matriculeExists(db: DbOrTx, organizationId: string, matricule: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.matricule, matricule)));
  return row !== undefined;
}

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
  const levelJoin = and(
    eq(levels.organizationId, enrolments.organizationId),
    eq(levels.id, enrolments.levelId),
  );
  const programmeJoin = and(
    eq(programmes.organizationId, students.organizationId),
    eq(programmes.id, students.programmeId),
  );
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
    .leftJoin(levels, levelJoin)
    .leftJoin(programmes, programmeJoin)
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

export async function findStudentGuardians(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select({ guardian: guardians, link: studentGuardians })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(
        eq(guardians.organizationId, studentGuardians.organizationId),
        eq(guardians.id, studentGuardians.guardianId),
      ),
    )
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        eq(studentGuardians.studentId, studentId),
      ),
    )
    .orderBy(desc(studentGuardians.isMainPayer), asc(studentGuardians.createdAt));
}

/** Students linked to each of `guardianIds` (the families). */
export async function findStudentsOfGuardians(
  db: DbOrTx,
  organizationId: string,
  guardianIds: string[],
) {
  if (guardianIds.length === 0) return [];
  return db
    .select({
      guardianId: studentGuardians.guardianId,
      id: students.id,
      fullName: students.fullName,
      matricule: students.matricule,
    })
    .from(studentGuardians)
    .innerJoin(
      students,
      and(
        eq(students.organizationId, studentGuardians.organizationId),
        eq(students.id, studentGuardians.studentId),
      ),
    )
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        inArray(studentGuardians.guardianId, guardianIds),
      ),
    )
    .orderBy(asc(students.fullName));
}

export async function findEnrolments(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select({
      enrolment: enrolments,
      year: { id: academicYears.id, label: academicYears.label, startsOn: academicYears.startsOn },
      level: { id: levels.id, name: levels.name },
      programme: { id: programmes.id, name: programmes.name },
    })
    .from(enrolments)
    .innerJoin(
      academicYears,
      and(
        eq(academicYears.organizationId, enrolments.organizationId),
        eq(academicYears.id, enrolments.academicYearId),
      ),
    )
    .innerJoin(
      levels,
      and(eq(levels.organizationId, enrolments.organizationId), eq(levels.id, enrolments.levelId)),
    )
    .innerJoin(
      programmes,
      and(
        eq(programmes.organizationId, levels.organizationId),
        eq(programmes.id, levels.programmeId),
      ),
    )
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(academicYears.startsOn), desc(enrolments.enrolledAt));
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

export async function findGuardianByPhone(db: DbOrTx, organizationId: string, phone: string) {
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.phone, phone)));
  return row;
}

export async function findGuardian(db: DbOrTx, organizationId: string, guardianId: string) {
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.id, guardianId)));
  return row;
}

export async function findGuardianPage(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string; page: number; pageSize: number },
) {
  const conditions: (SQL | undefined)[] = [eq(guardians.organizationId, organizationId)];
  if (query.search) {
    const terms = searchTerms(query.search);
    conditions.push(
      or(...terms.map((term) => sql`${guardians.searchKey} like ${containsPattern(term)}`)),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(guardians)
    .where(where)
    .orderBy(asc(guardians.fullName))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(guardians)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

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
