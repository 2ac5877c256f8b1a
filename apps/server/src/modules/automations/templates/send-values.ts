import type { PlaceholderValues, WorkflowTrigger } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { openBalanceOfStudents } from '../../billing';
import { weeklySchoolFigures } from '../../notifications';
import { findOrganizationsByIds } from '../../organizations';
import { findAttempt } from '../../payments';
import { findReceiptsOfPayments } from '../../receipts';
import { frenchDay, studentPlaceholderValues } from './placeholder-values';
import { findGuardianContacts, findInvoiceFacts, findStudentFacts } from './student-facts.reads';

/** What a send says about itself (a row of the reminder engine's `workflow_sends`). */
export interface SendSubject {
  organizationId: string;
  subjectKind: 'invoice' | 'payment' | 'student' | 'admission' | 'week';
  subjectId: string;
  occurrence: string;
  guardianId: string | null;
  studentId: string | null;
  invoiceId: string | null;
}

/** The week's figures as the weekly summary's placeholders say them. */
async function weekValues(db: DbOrTx, organizationId: string, monday: string) {
  const figures = await weeklySchoolFigures(db, organizationId, monday);
  return {
    semaine: `du ${frenchDay(figures.weekStart).slice(0, 5)} au ${frenchDay(figures.weekEnd).slice(0, 5)}`,
    encaisse_semaine: formatFrancsAscii(figures.collected),
    paiements_semaine: String(figures.paymentsCount),
    impayes: formatFrancsAscii(figures.overdue),
    classes_impayes:
      figures.topOverdueClasses
        .map((row) => `${row.level} (${formatFrancsAscii(row.overdue)})`)
        .join(', ') || 'aucune',
  } satisfies PlaceholderValues;
}

/**
 * The placeholders of one send, read when it is sent (what is true then: the balance left, the
 * receipt issued): the student's, their guardian's, the invoice's, the payment's or the week's.
 * `{lien}` is the dispatcher's (the short link it issues). Values the send cannot know stay empty.
 */
export async function placeholderValuesForSend(
  db: DbOrTx,
  trigger: WorkflowTrigger,
  send: SendSubject,
  now: Date,
): Promise<PlaceholderValues> {
  const { organizationId } = send;
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const schoolName = school?.name ?? '';
  const today = dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, now);
  if (send.subjectKind === 'week') {
    const monday = send.occurrence.replace(/^week:/, '');
    return { ecole: schoolName, ...(await weekValues(db, organizationId, monday)) };
  }
  let values: PlaceholderValues = { ecole: schoolName };
  const [student] = send.studentId
    ? await findStudentFacts(db, organizationId, [send.studentId])
    : [];
  if (student) {
    const guardians = await findGuardianContacts(db, organizationId, [student.id]);
    const guardian = guardians.find((row) => row.guardianId === send.guardianId) ?? guardians[0];
    const invoice = send.invoiceId
      ? await findInvoiceFacts(db, organizationId, send.invoiceId)
      : undefined;
    values = studentPlaceholderValues({
      student,
      schoolName,
      guardianName: guardian?.fullName ?? null,
      balance: await openBalanceOfStudents(db, organizationId, [student.id]),
      invoice: invoice ?? null,
      today,
    });
  }
  if (send.subjectKind === 'payment') {
    const payment = await findAttempt(db, send.subjectId);
    if (payment && payment.organizationId === organizationId) {
      const amount = formatFrancsAscii(payment.amount);
      if (trigger === 'payment_succeeded') {
        const receipt = (await findReceiptsOfPayments(db, organizationId, [payment.id])).get(
          payment.id,
        );
        values = { ...values, montant_paye: amount, recu: receipt?.number ?? '' };
      } else {
        values = {
          ...values,
          montant_tente: amount,
          motif: payment.failureReason ?? 'paiement non abouti',
        };
      }
    }
  }
  return values;
}
