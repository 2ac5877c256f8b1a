import type { WorkflowConditions, WorkflowTrigger } from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import type { EventHandler } from '../../../platform/outbox/event-dispatch';
import type { PublishedEvent } from '../../../platform/outbox/outbox';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { openBalanceOfStudents } from '../../billing';
import { insertPlannedSends } from '../sends/workflow-sends.repository';
import type { NewWorkflowSend, SendSubjectKind } from '../sends/workflow-sends.tables';
import {
  findGuardianContacts,
  findStudentFacts,
  type StudentFacts,
  type StudentGuardianContact,
} from '../templates/student-facts.reads';
import { findEnabledWorkflows } from '../workflows/workflows.repository';
import type { WorkflowRow } from '../workflows/workflows.tables';

/**
 * Workflows triggered by the school's events (a payment succeeded or failed, a student enrolled,
 * a pre-registration received): each enabled workflow of that trigger whose conditions the
 * event's students meet gets its sends, scheduled now, for the reminder engine's dispatcher to
 * send. The occurrence is the event's subject: a handler run twice (a retried delivery) inserts
 * nothing more — the sends' unique key says « never twice ».
 */

/** Whether a student meets a workflow's conditions (`balance`: their open balance). */
export function meetsConditions(
  conditions: WorkflowConditions,
  student: StudentFacts,
  balance: number,
): boolean {
  if (conditions.programmeId && student.programmeId !== conditions.programmeId) return false;
  if (conditions.levelId && student.levelId !== conditions.levelId) return false;
  if (conditions.studentStatus && student.status !== conditions.studentStatus) return false;
  if (conditions.minimumBalance !== undefined && balance < conditions.minimumBalance) return false;
  return true;
}

const hasConditions = (conditions: WorkflowConditions) =>
  Object.values(conditions).some((value) => value !== undefined);

export interface EventSubject {
  kind: Extract<SendSubjectKind, 'payment' | 'student' | 'admission'>;
  id: string;
  /** `payment:<id>`, `enrolment:<id>`, `admission:<id>`. */
  occurrence: string;
}

/** Someone who is not (yet) a guardian: a pre-registration's applicant. */
export interface Applicant {
  name: string;
  phone: string | null;
}

function payerRecipients(
  workflow: WorkflowRow,
  students: StudentFacts[],
  contacts: StudentGuardianContact[],
): StudentGuardianContact[] {
  const ofStudents = contacts.filter((contact) =>
    students.some((student) => student.id === contact.studentId),
  );
  const chosen =
    workflow.recipients === 'all_guardians'
      ? ofStudents
      : ofStudents.filter((contact) => contact.isMainPayer);
  const seen = new Set<string>();
  return chosen.filter((contact) => !seen.has(contact.guardianId) && seen.add(contact.guardianId));
}

function sendsOf(
  workflow: WorkflowRow,
  subject: EventSubject,
  students: StudentFacts[],
  contacts: StudentGuardianContact[],
  applicant: Applicant | undefined,
  now: Date,
): NewWorkflowSend[] {
  const base = {
    organizationId: workflow.organizationId,
    workflowId: workflow.id,
    subjectKind: subject.kind,
    subjectId: subject.id,
    occurrence: subject.occurrence,
    channel: workflow.channel,
    scheduledFor: now,
    invoiceId: null,
  };
  // One message per event and recipient, about the first student concerned.
  const studentId = students[0]?.id ?? null;
  if (workflow.channel === 'staff') {
    return workflow.staffRoleIds.map((roleId) => ({
      ...base,
      recipient: `role:${roleId}`,
      guardianId: null,
      studentId,
    }));
  }
  const byEmail = workflow.channel === 'email';
  const skipped = (recipient: string, guardianId: string | null, forStudent: string | null) => ({
    ...base,
    recipient,
    guardianId,
    studentId: forStudent,
    status: 'skipped' as const,
    skipReason: byEmail ? ('no_email' as const) : ('no_phone' as const),
    processedAt: now,
  });
  if (applicant) {
    const address = byEmail ? null : applicant.phone;
    return [
      address
        ? { ...base, recipient: address, guardianId: null, studentId }
        : skipped('applicant', null, studentId),
    ];
  }
  return payerRecipients(workflow, students, contacts).map((contact) => {
    const address = byEmail ? contact.email : contact.phone;
    return address
      ? {
          ...base,
          recipient: address,
          guardianId: contact.guardianId,
          studentId: contact.studentId,
        }
      : skipped(`guardian:${contact.guardianId}`, contact.guardianId, contact.studentId);
  });
}

/**
 * Plans the sends of the school's enabled workflows of `trigger` for one event; returns how many
 * were inserted (0 when the event was already handled).
 */
export async function planEventSends(
  tx: DbOrTx,
  organizationId: string,
  trigger: WorkflowTrigger,
  subject: EventSubject,
  studentIds: readonly string[],
  applicant?: Applicant,
): Promise<number> {
  const workflows = await findEnabledWorkflows(tx, organizationId, trigger);
  if (workflows.length === 0) return 0;
  const students = await findStudentFacts(tx, organizationId, studentIds);
  const needsBalance = workflows.some(
    (workflow) => workflow.conditions.minimumBalance !== undefined,
  );
  const balances = new Map<string, number>();
  if (needsBalance) {
    for (const student of students) {
      balances.set(student.id, await openBalanceOfStudents(tx, organizationId, [student.id]));
    }
  }
  const contacts = applicant ? [] : await findGuardianContacts(tx, organizationId, studentIds);
  const now = await currentTime(tx);
  const rows = workflows.flatMap((workflow) => {
    const concerned = students.filter((student) =>
      meetsConditions(workflow.conditions, student, balances.get(student.id) ?? 0),
    );
    if (concerned.length === 0 && (students.length > 0 || hasConditions(workflow.conditions))) {
      return [];
    }
    return sendsOf(workflow, subject, concerned, contacts, applicant, now);
  });
  return insertPlannedSends(tx, rows);
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The four triggers' handlers, registered at the composition root (composition/event-handlers.ts). */
export const automationEventHandlers = [
  {
    name: 'automations.payment-succeeded',
    event: 'payment.succeeded',
    handle: (tx: Transaction, event: PublishedEvent<'payment.succeeded'>) =>
      planEventSends(
        tx,
        event.organizationId,
        'payment_succeeded',
        {
          kind: 'payment',
          id: event.payload.paymentId,
          occurrence: `payment:${event.payload.paymentId}`,
        },
        unique(event.payload.allocations.map((line) => line.studentId)),
      ).then(() => undefined),
  } satisfies EventHandler<'payment.succeeded'>,
  {
    name: 'automations.payment-failed',
    event: 'payment.failed',
    handle: (tx: Transaction, event: PublishedEvent<'payment.failed'>) =>
      planEventSends(
        tx,
        event.organizationId,
        'payment_failed',
        {
          kind: 'payment',
          id: event.payload.paymentId,
          occurrence: `payment:${event.payload.paymentId}`,
        },
        unique(event.payload.invoices.map((line) => line.studentId)),
      ).then(() => undefined),
  } satisfies EventHandler<'payment.failed'>,
  {
    name: 'automations.student-enrolled',
    event: 'student.enrolled',
    handle: (tx: Transaction, event: PublishedEvent<'student.enrolled'>) =>
      planEventSends(
        tx,
        event.organizationId,
        'student_enrolled',
        {
          kind: 'student',
          id: event.payload.studentId,
          occurrence: `enrolment:${event.payload.enrolmentId}`,
        },
        [event.payload.studentId],
      ).then(() => undefined),
  } satisfies EventHandler<'student.enrolled'>,
  {
    name: 'automations.admission-received',
    event: 'admission.received',
    handle: (tx: Transaction, event: PublishedEvent<'admission.received'>) =>
      planEventSends(
        tx,
        event.organizationId,
        'admission_received',
        {
          kind: 'admission',
          id: event.payload.admissionId,
          occurrence: `admission:${event.payload.admissionId}`,
        },
        [event.payload.studentId],
        { name: event.payload.applicantName, phone: event.payload.applicantPhone },
      ).then(() => undefined),
  } satisfies EventHandler<'admission.received'>,
];
