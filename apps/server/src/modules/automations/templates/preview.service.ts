import {
  isInvoiceTrigger,
  placeholdersByTrigger,
  renderTemplate,
  sampleValues,
  smsSegments,
  SMS_SEGMENT_WARNING,
  TemplateMessages,
  validateTemplate,
  type PlaceholderValues,
  type WorkflowPreviewInput,
  type WorkflowPreviewResult,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn } from '../../../platform/clock';
import { domainError, notFound } from '../../../platform/errors';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { openBalanceOfStudents } from '../../billing';
import { findOrganizationsByIds } from '../../organizations';
import { studentPlaceholderValues } from './placeholder-values';
import {
  findFirstStudentWithOpenInvoice,
  findGuardianContacts,
  findStudentFacts,
  studentExists,
} from './student-facts.reads';

/** Refuses a template the trigger cannot fill (the route's schema already did; services trust no one). */
export function assertTemplate(
  template: string,
  trigger: WorkflowPreviewInput['trigger'],
  channel: WorkflowPreviewInput['channel'],
) {
  const check = validateTemplate(template, trigger, channel);
  if (check.ok) return check;
  if (check.reason === 'unknown_placeholders') {
    throw domainError(
      'AUTOMATION_TEMPLATE_UNKNOWN_PLACEHOLDER',
      {
        unknown: check.unknown.map((name) => `{${name}}`).join(', '),
        allowed: check.allowed.map((name) => `{${name}}`).join(', '),
      },
      { field: 'template' },
    );
  }
  throw domainError('AUTOMATION_TEMPLATE_EMPTY', {}, { field: 'template' });
}

/**
 * The message as a real student of the school would get it: the one asked for, else the first
 * with an open invoice; the sample values when the school has no such student yet (said so by a
 * null `student`). The link is a sample: a preview issues no payment link. Values a student does
 * not give (a payment's, the week's figures) are the samples'.
 */
export async function previewTemplate(
  db: DbOrTx,
  organizationId: string,
  input: WorkflowPreviewInput,
): Promise<WorkflowPreviewResult> {
  assertTemplate(input.template, input.trigger, input.channel);
  let studentId = input.studentId ?? undefined;
  if (studentId && !(await studentExists(db, organizationId, studentId))) {
    throw notFound('AUTOMATION_STUDENT_NOT_FOUND');
  }
  studentId ??= await findFirstStudentWithOpenInvoice(db, organizationId);
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const schoolName = school?.name ?? sampleValues.ecole;
  const allowed = new Set(placeholdersByTrigger[input.trigger]);
  let values: PlaceholderValues = { ...sampleValues, ecole: schoolName };
  let student: WorkflowPreviewResult['student'] = null;
  const [facts] = studentId ? await findStudentFacts(db, organizationId, [studentId]) : [];
  if (facts) {
    const [payer] = await findGuardianContacts(db, organizationId, [facts.id]);
    const balance = await openBalanceOfStudents(db, organizationId, [facts.id]);
    const today = dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, await currentTime(db));
    const own = studentPlaceholderValues({
      student: facts,
      schoolName,
      guardianName: payer?.fullName ?? null,
      balance,
      invoice: isInvoiceTrigger(input.trigger) ? facts.nextInvoice : null,
      today,
    });
    values = { ...values, ...own };
    student = { id: facts.id, name: facts.fullName, matricule: facts.matricule };
  }
  const used = Object.fromEntries(
    Object.entries(values).filter(([name]) => allowed.has(name as never)),
  ) as PlaceholderValues;
  const text = renderTemplate(input.template, used, { channel: input.channel });
  const subject = input.subject ? renderTemplate(input.subject, used, { channel: 'email' }) : null;
  const sms = input.channel === 'sms' ? smsSegments(text) : null;
  const segments = sms?.segments ?? 0;
  return {
    text,
    subject,
    student,
    sms,
    warnings: segments > SMS_SEGMENT_WARNING ? [TemplateMessages.longSms(segments)] : [],
  };
}
