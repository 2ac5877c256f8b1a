import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { memberOfSystemRole, reminderJ3 } from '../automations.test-support';
import { createLinkSigner } from '../../payer';
import { testAppOptions } from '../../../test/test-app';

/**
 * A school for the reminder engine's tests, through the API: the 2026-2027 year, « Master Droit »
 * M1 (tranches due 15/10/2026, 15/01/2027, 15/04/2027) and « Licence » L1; four students:
 * Kossi and Ama (M1, siblings: Édouard pays for both, Afi is Kossi's second guardian with an
 * e-mail), Yao (L1, Mawuli pays) and Koffi (M1, no guardian).
 */
export async function reminderSchool(app: FastifyInstance, db: Database, name: string) {
  const school = await signUpSchool(app, name);
  const programmes = await setUpProgrammes(school.call);
  const finance = await memberOfSystemRole(app, db, school.organizationId, 'finance');
  const student = async (fullName: string, levelId: string) => {
    const row = await ok(school.call('POST', '/api/students', { fullName }), 201);
    await ok(
      school.call('POST', `/api/students/${row.id}/enrolments`, {
        levelId,
        academicYearId: programmes.year.id,
      }),
      201,
    );
    return row as { id: string };
  };
  const guardian = async (studentId: string, body: object) =>
    ok(school.call('POST', `/api/students/${studentId}/guardians`, body), 201);
  const kossi = await student('Kossi AGBÉKO', programmes.m1.id);
  const ama = await student('Ama AGBÉKO', programmes.m1.id);
  const yao = await student('Yao MENSAH', programmes.l1.id);
  const koffi = await student('Koffi DOGBÉ', programmes.m1.id);
  await guardian(kossi.id, {
    fullName: 'Édouard Agbéko',
    phone: '91 00 00 01',
    relation: 'father',
    mainPayer: true,
  });
  await guardian(kossi.id, {
    fullName: 'Afi Agbéko',
    phone: '91 00 00 02',
    email: 'afi.agbeko@exemple.tg',
    relation: 'mother',
    mainPayer: false,
  });
  await guardian(ama.id, {
    fullName: 'Édouard Agbéko',
    phone: '91 00 00 01',
    relation: 'father',
    mainPayer: true,
  });
  await guardian(yao.id, {
    fullName: 'Mawuli Mensah',
    phone: '91 00 00 03',
    relation: 'father',
    mainPayer: true,
  });
  return { school, programmes, finance, kossi, ama, yao, koffi };
}

export type ReminderSchool = Awaited<ReturnType<typeof reminderSchool>>;

/** Creates a workflow through the API (enabled unless said). */
export async function createWorkflow(
  finance: Call,
  overrides: Record<string, unknown> = {},
  enabled = true,
): Promise<{ id: string }> {
  return ok(finance('POST', '/api/automations', { ...reminderJ3(overrides), enabled }), 201);
}

export const testSigner = () => createLinkSigner(testAppOptions({} as never).jwtSecret);

export interface SendRow extends Record<string, unknown> {
  id: string;
  recipient: string;
  status: string;
  skip_reason: string | null;
  deferred_reason: string | null;
  student_id: string | null;
  invoice_id: string | null;
  occurrence: string;
  scheduled_for: Date;
  outbound_message_id: string | null;
}

export async function sendsOf(db: Database, workflowId: string): Promise<SendRow[]> {
  return (
    await db.execute<SendRow>(sql`select id, recipient, status, skip_reason, deferred_reason,
        student_id, invoice_id, occurrence, scheduled_for, outbound_message_id
      from workflow_sends where workflow_id = ${workflowId} order by recipient, occurrence, id`)
  ).rows;
}

export async function messagesTo(db: Database, recipient: string) {
  return (
    await db.execute<{ id: string; body: string; category: string; dedupe_key: string | null }>(
      sql`select id, body, category, dedupe_key from outbound_messages
          where recipient = ${recipient} order by created_at`,
    )
  ).rows;
}

/** The student's invoice due that day. */
export async function invoiceDue(db: Database, studentId: string, dueOn: string) {
  const rows = (
    await db.execute<{ id: string; total: string }>(
      sql`select id, total::text from invoices where student_id = ${studentId} and due_on = ${dueOn}`,
    )
  ).rows;
  return rows[0]!;
}

/** Marks an invoice paid (as billing's allocation would): the test's shortcut. */
export async function markPaid(db: Database, invoiceId: string) {
  await db.execute(sql`update invoices set paid = total, status = 'paid' where id = ${invoiceId}`);
}
