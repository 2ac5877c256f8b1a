import type { PlaceholderValues } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinkFor } from '../../messaging';
import type { Organization } from '../../organizations';
import { issuePaymentLink, type LinkSigner } from '../../payer';
import type { WorkflowSend } from '../sends/workflow-sends.tables';
import { shortStudentName, studentPlaceholderValues } from '../templates/placeholder-values';
import {
  findGuardianContacts,
  findStudentFacts,
  type StudentFacts,
} from '../templates/student-facts.reads';
import { digestValues } from './dispatch-rules';
import type { InvoiceState } from './invoice-states.reads';

/** What a reminder says: its placeholders (one invoice or a digest) and its short payment link. */

export interface DispatchContext {
  /** Signs the payment links the reminders carry. */
  signer: LinkSigner;
}

export async function paymentLinkFor(
  tx: DbOrTx,
  context: DispatchContext,
  send: WorkflowSend,
  studentIds: readonly string[],
  now: Date,
): Promise<string | null> {
  if (!send.guardianId) return null;
  const link = await issuePaymentLink(tx, context.signer, {
    organizationId: send.organizationId,
    guardianId: send.guardianId,
    studentId: studentIds.length === 1 ? studentIds[0] : null,
    purpose: 'message',
    createdBy: 'Écolage (rappel automatique)',
    now,
  });
  const short = await shortLinkFor(tx, {
    organizationId: send.organizationId,
    targetPath: new URL(link.url).pathname,
    purpose: 'payment',
    expiresAt: link.expiresAt,
    now,
  });
  return short.url;
}

/** The values of an invoice digest, from the batch's reads (no query per send). */
/** The students and guardians of a school's batch, read once (not per message). */
export interface BatchFacts {
  students: Map<string, StudentFacts>;
  guardianNames: Map<string, string>;
}

export async function readBatchFacts(
  tx: DbOrTx,
  organizationId: string,
  studentIds: readonly string[],
): Promise<BatchFacts> {
  const students = new Map(
    (await findStudentFacts(tx, organizationId, studentIds)).map((row) => [row.id, row]),
  );
  const guardianNames = new Map(
    (await findGuardianContacts(tx, organizationId, studentIds)).map((row) => [
      row.guardianId,
      row.fullName,
    ]),
  );
  return { students, guardianNames };
}

export async function invoiceValues(
  tx: DbOrTx,
  school: Organization | undefined,
  sends: readonly WorkflowSend[],
  states: Map<string, InvoiceState>,
  today: string,
  batch: BatchFacts,
): Promise<{ values: PlaceholderValues; studentIds: string[] }> {
  const studentIds = [...new Set(sends.map((send) => send.studentId).filter((id) => id !== null))];
  const facts = batch.students;
  const guardianId = sends[0]!.guardianId;
  const guardianName = guardianId ? (batch.guardianNames.get(guardianId) ?? null) : null;
  const parts = sends.flatMap((send) => {
    const state = send.invoiceId ? states.get(send.invoiceId) : undefined;
    const student = send.studentId ? facts.get(send.studentId) : undefined;
    return state && student
      ? [
          {
            student,
            state,
            studentName: student.fullName,
            shortName: shortStudentName(student.fullName),
            invoiceNumber: state.number,
            dueOn: state.dueOn,
            balance: state.balance,
          },
        ]
      : [];
  });
  const first = parts[0];
  if (!first) return { values: { ecole: school?.name ?? '' }, studentIds };
  const base = studentPlaceholderValues({
    student: first.student,
    schoolName: school?.name ?? '',
    guardianName,
    balance: first.state.studentBalance,
    invoice: { number: first.state.number, dueOn: first.state.dueOn, balance: first.state.balance },
    today,
  });
  return { values: digestValues(base, parts), studentIds };
}
