/**
 * Named read-only query: what an automation's conditions and placeholders need to know of a
 * student — name, matricule, status, the programme and level of the current enrolment, the next
 * open invoice (number, due date, what is left on it) — and of their guardians (name, phone,
 * e-mail, main payer). Reads students' `students`, `enrolments`, `guardians`,
 * `student_guardians`, programmes' `programmes`, `levels` and billing's `invoices`.
 * The student's open balance itself comes from billing's `openBalanceOfStudents`.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../../billing/billing.tables';
import { levels, programmes } from '../../programmes/programmes.tables';
import { enrolments, guardians, studentGuardians, students } from '../../students/students.tables';

export interface StudentFacts {
  id: string;
  fullName: string;
  matricule: string;
  status: 'active' | 'suspended' | 'pending';
  programmeId: string | null;
  programme: string | null;
  levelId: string | null;
  level: string | null;
  /** The open invoice due first (an overdue one before the next), if any. */
  nextInvoice: { id: string; number: string | null; dueOn: string; balance: number } | null;
}

interface FactsRow extends Record<string, unknown> {
  id: string;
  full_name: string;
  matricule: string;
  status: StudentFacts['status'];
  programme_id: string | null;
  programme: string | null;
  level_id: string | null;
  level: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  due_on: string | null;
  invoice_balance: string | null;
}

export async function findStudentFacts(
  db: DbOrTx,
  organizationId: string,
  studentIds: readonly string[],
): Promise<StudentFacts[]> {
  const wanted = [...new Set(studentIds)];
  if (wanted.length === 0) return [];
  const result = await db.execute<FactsRow>(sql`
    select s.id, s.full_name, s.matricule, s.status,
      coalesce(l.programme_id, s.programme_id) as programme_id, p.name as programme,
      l.id as level_id, l.name as level,
      n.id as invoice_id, n.number as invoice_number, n.due_on::text as due_on,
      (n.total - n.paid)::text as invoice_balance
    from ${students} s
    left join lateral (
      select e.level_id from ${enrolments} e
      where e.organization_id = s.organization_id and e.student_id = s.id and e.status = 'active'
      order by e.enrolled_at desc limit 1) e on true
    left join ${levels} l on l.organization_id = s.organization_id and l.id = e.level_id
    left join ${programmes} p
      on p.organization_id = s.organization_id and p.id = coalesce(l.programme_id, s.programme_id)
    left join lateral (
      select i.id, i.number, i.due_on, i.total, i.paid from ${invoices} i
      where i.organization_id = s.organization_id and i.student_id = s.id
        and i.status in ('open', 'partially_paid') and i.total > i.paid
      order by i.due_on, i.number limit 1) n on true
    where s.organization_id = ${organizationId}
      and s.id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  return result.rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    matricule: row.matricule,
    status: row.status,
    programmeId: row.programme_id,
    programme: row.programme,
    levelId: row.level_id,
    level: row.level,
    nextInvoice:
      row.invoice_id && row.due_on
        ? {
            id: row.invoice_id,
            number: row.invoice_number,
            dueOn: row.due_on,
            balance: Number(row.invoice_balance ?? 0),
          }
        : null,
  }));
}

/** The school's first student (by matricule) with an open invoice: the preview's default. */
export async function findFirstStudentWithOpenInvoice(
  db: DbOrTx,
  organizationId: string,
): Promise<string | undefined> {
  const result = await db.execute<{ id: string }>(sql`
    select s.id from ${students} s
    where s.organization_id = ${organizationId} and s.archived_at is null
      and exists (select 1 from ${invoices} i
        where i.organization_id = s.organization_id and i.student_id = s.id
          and i.status in ('open', 'partially_paid') and i.total > i.paid)
    order by s.matricule limit 1`);
  return result.rows[0]?.id;
}

/** Whether the student is one of the school's (archived ones included). */
export async function studentExists(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
): Promise<boolean> {
  const result = await db.execute<{ id: string }>(sql`
    select s.id from ${students} s
    where s.organization_id = ${organizationId} and s.id = ${studentId}`);
  return result.rows.length > 0;
}

export interface StudentGuardianContact {
  studentId: string;
  guardianId: string;
  fullName: string;
  /** E.164. */
  phone: string;
  email: string | null;
  isMainPayer: boolean;
}

/** The students' guardians, main payer first. */
export async function findGuardianContacts(
  db: DbOrTx,
  organizationId: string,
  studentIds: readonly string[],
): Promise<StudentGuardianContact[]> {
  const wanted = [...new Set(studentIds)];
  if (wanted.length === 0) return [];
  const result = await db.execute<{
    student_id: string;
    guardian_id: string;
    full_name: string;
    phone: string;
    email: string | null;
    is_main_payer: boolean;
  }>(sql`
    select sg.student_id, g.id as guardian_id, g.full_name, g.phone, g.email, sg.is_main_payer
    from ${studentGuardians} sg
    join ${guardians} g on g.organization_id = sg.organization_id and g.id = sg.guardian_id
    where sg.organization_id = ${organizationId}
      and sg.student_id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    order by sg.student_id, sg.is_main_payer desc, sg.created_at, g.id`);
  return result.rows.map((row) => ({
    studentId: row.student_id,
    guardianId: row.guardian_id,
    fullName: row.full_name,
    phone: row.phone,
    email: row.email,
    isMainPayer: row.is_main_payer,
  }));
}

/** One invoice of the school as a reminder names it: number, due date, what is left on it. */
export async function findInvoiceFacts(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
): Promise<{ number: string | null; dueOn: string; balance: number } | undefined> {
  const result = await db.execute<{ number: string | null; due_on: string; balance: string }>(sql`
    select i.number, i.due_on::text as due_on, (i.total - i.paid)::text as balance
    from ${invoices} i
    where i.organization_id = ${organizationId} and i.id = ${invoiceId}`);
  const row = result.rows[0];
  return row ? { number: row.number, dueOn: row.due_on, balance: Number(row.balance) } : undefined;
}
