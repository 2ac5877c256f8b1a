/**
 * Named read-only query: the classes (level and programme of the enrolment an invoice bills) that
 * owe the most, for the staff's weekly summary (the students module's `enrolments`, the
 * programmes module's `levels` and `programmes`). Invoices without an enrolment belong to no class.
 */
import { and, desc, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sameSchool } from '../../../platform/db/tenant-join';
import { levels, programmes } from '../../programmes/programmes.tables';
import { enrolments } from '../../students/students.tables';
import { invoices } from '../billing.tables';
import { openInvoiceStatuses } from '../invoices/open-balance.repository';

export interface OverdueClass {
  level: string;
  programme: string;
  /** The balance of the class's open invoices due before `today` (francs). */
  overdue: number;
  /** How many of its students owe it. */
  students: number;
}

/** The `limit` classes with the largest overdue balance on the school's day `today`. */
export async function findTopOverdueClasses(
  db: DbOrTx,
  organizationId: string,
  today: string,
  limit: number,
): Promise<OverdueClass[]> {
  const overdue = sql<number>`sum(${invoices.total} - ${invoices.paid})`.mapWith(Number);
  return db
    .select({
      level: levels.name,
      programme: programmes.name,
      overdue,
      students: sql<number>`count(distinct ${invoices.studentId})`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(enrolments, sameSchool(enrolments, enrolments.id, invoices, invoices.enrolmentId))
    .innerJoin(levels, sameSchool(levels, levels.id, enrolments, enrolments.levelId))
    .innerJoin(programmes, sameSchool(programmes, programmes.id, levels, levels.programmeId))
    .where(
      and(
        sql`${invoices.organizationId} = ${organizationId}`,
        inArray(invoices.status, [...openInvoiceStatuses]),
        lt(invoices.dueOn, today),
        sql`${invoices.total} > ${invoices.paid}`,
      ),
    )
    .groupBy(levels.id, levels.name, programmes.name)
    .orderBy(desc(overdue), levels.name)
    .limit(limit);
}
