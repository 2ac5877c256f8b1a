/**
 * Named read-only queries of billing's exports (reports): the invoices with their student, and
 * the ageing balance of each student who owes with their level, programme and main payer (the
 * students module's `students`, `enrolments`, `guardians`, `student_guardians`; the programmes
 * module's `levels` and `programmes`).
 */
import type { InvoiceListQuery } from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { levels, programmes } from '../../programmes/programmes.tables';
import {
  activeEnrolmentJoin,
  enrolledLevelJoin,
  mainPayerJoin,
  mainPayerLinkJoin,
  studentProgrammeJoin,
} from '../../students';
import { enrolments, guardians, studentGuardians, students } from '../../students/students.tables';
import { invoices } from '../billing.tables';
import { invoiceListConditions, studentOfInvoice } from '../invoices/invoices.reads';
import { openBalanceSum, openInvoiceStatuses } from '../invoices/open-balance.repository';

export type InvoiceExportFilters = Pick<
  InvoiceListQuery,
  'search' | 'studentId' | 'status' | 'yearId' | 'overdue'
>;

// ——— Invoices: the invoices screen's list, newest due date first ———

export interface InvoicePageKey {
  dueOn: string;
  number: string;
  id: string;
}

export function findInvoiceExportPage(
  db: DbOrTx,
  organizationId: string,
  filters: InvoiceExportFilters,
  today: string,
  after: InvoicePageKey | undefined,
  limit: number,
) {
  const number = sql<string>`coalesce(${invoices.number}, '')`;
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      student: students.fullName,
      matricule: students.matricule,
      label: invoices.label,
      dueOn: invoices.dueOn,
      status: invoices.status,
      total: invoices.total,
      paid: invoices.paid,
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        invoiceListConditions(organizationId, filters, today),
        after
          ? sql`(${invoices.dueOn}, ${number}, ${invoices.id})
              < (${after.dueOn}::date, ${after.number}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.dueOn), desc(number), desc(invoices.id))
    .limit(limit);
}

export async function countInvoiceExportRows(
  db: DbOrTx,
  organizationId: string,
  filters: InvoiceExportFilters,
  today: string,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(invoiceListConditions(organizationId, filters, today));
  return row?.count ?? 0;
}

// ——— Balances: one row per student who owes, aged by days past the due date ———

/** Keyset of the students screen's order. */
export type BalancePageKey = { fullName: string; matricule: string };

/**
 * Reporting query (read-only over students, guardians, enrolments, levels and programmes): each
 * student's open balance split by age — not yet due (due today or later), 1 to 30 days late
 * (« 0–30 jours »), 31 to 60, more than 60 — in the students screen's order.
 */
export function findBalancePage(
  db: DbOrTx,
  organizationId: string,
  context: { today: string; yearId: string | null },
  after: BalancePageKey | undefined,
  limit: number,
) {
  const owed = sql`${invoices.total} - ${invoices.paid}`;
  const bucket = (name: string, from: string | null, to: string | null) =>
    sql<number>`coalesce(sum(${owed}) filter (where true
      ${from ? sql`and ${invoices.dueOn} >= ${from}` : sql``}
      ${to ? sql`and ${invoices.dueOn} < ${to}` : sql``}), 0)`
      .mapWith(Number)
      .as(name);
  const { today } = context;
  const aged = db
    .select({
      notDue: bucket('not_due', today, null),
      upTo30: bucket('up_to_30', addDays(today, -30), today),
      upTo60: bucket('up_to_60', addDays(today, -60), addDays(today, -30)),
      older: bucket('older', null, addDays(today, -60)),
      total: openBalanceSum().as('total'),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, students.organizationId),
        eq(invoices.studentId, students.id),
        inArray(invoices.status, [...openInvoiceStatuses]),
      ),
    )
    .as('aged');
  return db
    .select({
      matricule: students.matricule,
      fullName: students.fullName,
      phone: students.phone,
      programme: programmes.name,
      level: levels.name,
      guardian: guardians.fullName,
      guardianPhone: guardians.phone,
      notDue: aged.notDue,
      upTo30: aged.upTo30,
      upTo60: aged.upTo60,
      older: aged.older,
      total: aged.total,
    })
    .from(students)
    .innerJoinLateral(aged, sql`true`)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .leftJoin(levels, enrolledLevelJoin())
    .leftJoin(programmes, studentProgrammeJoin())
    .leftJoin(studentGuardians, mainPayerLinkJoin())
    .leftJoin(guardians, mainPayerJoin())
    .where(
      and(
        eq(students.organizationId, organizationId),
        sql`${aged.total} > 0`,
        after
          ? sql`(${students.fullName}, ${students.matricule}) > (${after.fullName}, ${after.matricule})`
          : undefined,
      ),
    )
    .orderBy(asc(students.fullName), asc(students.matricule))
    .limit(limit);
}

/** How many students owe something (the rows of the ageing balance). */
export async function countStudentsWhoOwe(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${invoices.studentId})::int` })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, [...openInvoiceStatuses]),
        sql`${invoices.total} > ${invoices.paid}`,
      ),
    );
  return row?.count ?? 0;
}
