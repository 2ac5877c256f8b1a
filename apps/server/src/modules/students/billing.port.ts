import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import type { LevelFees, SchoolYearDates } from '../programmes';
import type { EnrolmentRow } from './students.tables';

/** The student a balance query reads, as SQL of the enclosing query (their school and id). */
export interface StudentKey {
  organizationId: SQLWrapper;
  id: SQLWrapper;
}

/** Billed, paid, due and overdue over one student's issued invoices (void and drafts left out). */
export interface StudentBalances {
  billed: number;
  paid: number;
  due: number;
  overdue: number;
}

/**
 * What the students screens show of billing — balances, open and overdue invoices — without
 * students importing billing (billing is downstream). Billing implements it
 * (`studentBalanceQueries`), the composition root (app.ts, the seed) hands it to students' routes
 * and services. The fragments stay SQL so the list filters and sorts in the database.
 */
export interface StudentBalanceQueries {
  /** The student's open balance (open and partly paid invoices; only those due before `dueBefore` when given). */
  openBalance(student: StudentKey, dueBefore?: string): SQL<number>;
  /** Whether the student has an open invoice (one due before `dueBefore` when given). */
  hasOpenInvoice(student: StudentKey, dueBefore?: string): SQL<boolean>;
  /** One student's billed, paid, due and overdue amounts on the school's day `today`. */
  findBalances(
    db: DbOrTx,
    organizationId: string,
    studentId: string,
    today: string,
  ): Promise<StudentBalances>;
}

/** New enrolments of one level and year, whose invoices billing issues. */
export interface EnrolmentsToInvoice {
  enrolments: EnrolmentRow[];
  level: LevelFees;
  year: SchoolYearDates & { id: string };
  today: string;
}

/**
 * Billing's issuing of the invoices of new enrolments, in the caller's transaction (the student
 * import enrols, billing invoices); returns how many invoices were issued. Handed over by the
 * composition root, like the balance queries.
 */
export type IssueEnrolmentInvoices = (
  tx: Transaction,
  acting: ActingMember,
  batch: EnrolmentsToInvoice,
) => Promise<number>;
