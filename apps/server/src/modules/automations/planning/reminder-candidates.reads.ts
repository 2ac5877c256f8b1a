/**
 * Named read-only query: the invoices a school's reminders may be about — open with a balance,
 * due within a window — with their student (name, matricule, status, current level and
 * programme, open balance) and the student's guardians (name, phone, e-mail, main payer), in ONE
 * query for the planner and « Simuler ». Reads billing's `invoices`, students' `students`,
 * `enrolments`, `guardians`, `student_guardians` and programmes' `levels`, `programmes`.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../../billing/billing.tables';
import { levels, programmes } from '../../programmes/programmes.tables';
import { enrolments, guardians, studentGuardians, students } from '../../students/students.tables';

export interface ReminderCandidate {
  invoiceId: string;
  invoiceNumber: string | null;
  /** `YYYY-MM-DD`. */
  dueOn: string;
  /** What is left on the invoice (total − paid), francs. */
  invoiceBalance: number;
  studentId: string;
  studentName: string;
  matricule: string;
  studentStatus: 'active' | 'suspended' | 'pending';
  levelId: string | null;
  level: string | null;
  programmeId: string | null;
  programme: string | null;
  /** The student's open balance (billing's definition: open and partly paid invoices). */
  studentBalance: number;
  /** Null when the student has no guardian. */
  guardianId: string | null;
  guardianName: string | null;
  guardianPhone: string | null;
  guardianEmail: string | null;
  isMainPayer: boolean;
}

interface CandidateRow extends Record<string, unknown> {
  invoice_id: string;
  invoice_number: string | null;
  due_on: string;
  invoice_balance: string;
  student_id: string;
  student_name: string;
  matricule: string;
  student_status: ReminderCandidate['studentStatus'];
  level_id: string | null;
  level: string | null;
  programme_id: string | null;
  programme: string | null;
  student_balance: string;
  guardian_id: string | null;
  guardian_name: string | null;
  guardian_phone: string | null;
  guardian_email: string | null;
  is_main_payer: boolean | null;
}

/**
 * Every open invoice of the school due in [dueFrom, dueTo] (school days) with a balance, of a
 * student not archived, one row per guardian of the student (one row with no guardian when the
 * student has none).
 */
export async function findReminderCandidates(
  db: DbOrTx,
  organizationId: string,
  window: { dueFrom: string; dueTo: string },
  options: { withStudentBalance?: boolean } = {},
): Promise<ReminderCandidate[]> {
  // The student's open balance only when a workflow's condition asks for it (else 0).
  const balance = options.withStudentBalance
    ? sql`(select coalesce(sum(o.total - o.paid), 0)::bigint from ${invoices} o
        where o.organization_id = d.organization_id and o.student_id = d.student_id
          and o.status in ('open', 'partially_paid'))`
    : sql`0`;
  // Plain joins led by the school's indexes (no CTE: a materialised CTE has no index nor
  // statistics, and joining two of them is a nested loop over thousands of rows each).
  const result = await db.execute<CandidateRow>(sql`
    select d.id as invoice_id, d.number as invoice_number, d.due_on::text as due_on,
      (d.total - d.paid)::text as invoice_balance,
      s.id as student_id, s.full_name as student_name, s.matricule, s.status as student_status,
      l.id as level_id, l.name as level,
      coalesce(l.programme_id, s.programme_id) as programme_id, p.name as programme,
      ${balance}::text as student_balance,
      g.id as guardian_id, g.full_name as guardian_name, g.phone as guardian_phone,
      g.email as guardian_email, sg.is_main_payer
    from ${invoices} d
    join ${students} s on s.organization_id = d.organization_id and s.id = d.student_id
      and s.archived_at is null
    left join lateral (
      select e.level_id from ${enrolments} e
      where e.organization_id = s.organization_id and e.student_id = s.id and e.status = 'active'
      order by e.enrolled_at desc limit 1) e on true
    left join ${levels} l on l.organization_id = s.organization_id and l.id = e.level_id
    left join ${programmes} p
      on p.organization_id = s.organization_id and p.id = coalesce(l.programme_id, s.programme_id)
    left join ${studentGuardians} sg
      on sg.organization_id = s.organization_id and sg.student_id = s.id
    left join ${guardians} g on g.organization_id = sg.organization_id and g.id = sg.guardian_id
    where d.organization_id = ${organizationId}
      and d.status in ('open', 'partially_paid')
      and d.due_on between ${window.dueFrom}::date and ${window.dueTo}::date
      and d.total > d.paid`);
  return result.rows.map((row) => ({
    invoiceId: row.invoice_id,
    invoiceNumber: row.invoice_number,
    dueOn: row.due_on,
    invoiceBalance: Number(row.invoice_balance),
    studentId: row.student_id,
    studentName: row.student_name,
    matricule: row.matricule,
    studentStatus: row.student_status,
    levelId: row.level_id,
    level: row.level,
    programmeId: row.programme_id,
    programme: row.programme,
    studentBalance: Number(row.student_balance),
    guardianId: row.guardian_id,
    guardianName: row.guardian_name,
    guardianPhone: row.guardian_phone,
    guardianEmail: row.guardian_email,
    isMainPayer: row.is_main_payer ?? false,
  }));
}
