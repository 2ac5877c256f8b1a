import { paymentMethodLabels } from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';
import type { Transaction } from '../../platform/db/database';
import type { EventHandler } from '../../platform/outbox/event-dispatch';
import type { PublishedEvent } from '../../platform/outbox/outbox';
import { findAttempt } from '../payments';
import { findGuardianNames, findStudentCards } from '../students';
import { notifyStaff } from './notify-staff.service';

/**
 * The bell's reactions to the school's events (registered in composition/event-handlers.ts): one
 * item per member who may read the thing and wants it (their settings), with the e-mail copy when
 * the kind has a setting. Idempotent: the dedupe key is the event's subject.
 */

const paymentLink = (paymentId: string) => `/admin/paiements?paiement=${paymentId}`;

async function payerAndStudents(
  tx: Transaction,
  organizationId: string,
  guardianId: string,
  studentIds: string[],
): Promise<{ payer: string; students: string }> {
  const [names, cards] = await Promise.all([
    findGuardianNames(tx, organizationId, [guardianId]),
    findStudentCards(tx, organizationId, studentIds),
  ]);
  return {
    payer: names.get(guardianId) ?? 'un payeur',
    students: cards.map((card) => card.fullName).join(', '),
  };
}

/**
 * « Paiement reçu ». Every member with `paiement-recu` on hears of every payment; with it off,
 * `nouvelle-vente` still tells of a sale online — a payment the payer started by themselves (a
 * payment link, the school's pay page, a QR code), one nobody at the school asked for.
 */
async function paymentReceived(tx: Transaction, event: PublishedEvent<'payment.succeeded'>) {
  const { payload, organizationId } = event;
  const attempt = await findAttempt(tx, payload.paymentId);
  const online = payload.provider !== 'desk' && attempt !== undefined && !attempt.createdByUserId;
  const studentIds = [...new Set(payload.allocations.map((line) => line.studentId))];
  const { payer, students } = await payerAndStudents(
    tx,
    organizationId,
    payload.guardianId,
    studentIds,
  );
  const amount = formatFrancs(payload.amount);
  const how = payload.provider === 'desk' ? 'à la caisse' : online ? 'en ligne' : 'sur demande';
  const body =
    `${amount} de ${payer}${students ? ` pour ${students}` : ''} ` +
    `(${paymentMethodLabels[payload.wallet]}, ${how}).` +
    (payload.late ? ' Confirmé après l’expiration de la demande : à vérifier.' : '');
  await notifyStaff(
    tx,
    {
      organizationId,
      kind: 'payment_received',
      title: 'Paiement reçu',
      body,
      link: paymentLink(payload.paymentId),
      dedupeKey: `payment.succeeded:${payload.paymentId}`,
    },
    {
      wants: (settings) => settings['paiement-recu'] || (online && settings['nouvelle-vente']),
      email: {
        subject: `${online ? 'Nouvelle vente en ligne' : 'Paiement reçu'} : ${amount}`,
        text: `${online ? 'Un paiement en ligne' : 'Un paiement'} a été reçu : ${body}`,
        template: 'notifications.payment_received',
      },
    },
  );
}

const outcomeWords = { failed: 'refusé', expired: 'expiré', cancelled: 'annulé' } as const;

/** « Paiement échoué »: a payment refused, expired or cancelled (setting `paiement-echoue`). */
async function paymentFailed(tx: Transaction, event: PublishedEvent<'payment.failed'>) {
  const { payload, organizationId } = event;
  const studentIds = [...new Set(payload.invoices.map((line) => line.studentId))];
  const { payer, students } = await payerAndStudents(
    tx,
    organizationId,
    payload.guardianId,
    studentIds,
  );
  const body =
    `${formatFrancs(payload.amount)} de ${payer}${students ? ` pour ${students}` : ''} ` +
    `(${paymentMethodLabels[payload.wallet]}) : ${outcomeWords[payload.outcome]}` +
    (payload.reason ? ` — ${payload.reason}` : '') +
    '.';
  await notifyStaff(
    tx,
    {
      organizationId,
      kind: 'payment_failed',
      title: 'Paiement échoué',
      body,
      link: paymentLink(payload.paymentId),
      dedupeKey: `payment.failed:${payload.paymentId}`,
    },
    {
      email: {
        subject: `Paiement échoué : ${formatFrancs(payload.amount)}`,
        text: `Un paiement n’a pas abouti : ${body}`,
        template: 'notifications.payment_failed',
      },
    },
  );
}

/** « Nouvelle pré-inscription » (setting `nouvelle-inscription`), to those who read students. */
async function admissionReceived(tx: Transaction, event: PublishedEvent<'admission.received'>) {
  const { payload, organizationId } = event;
  const body =
    `${payload.studentName}, demandée par ${payload.applicantName}` +
    `${payload.applicantPhone ? ` (${payload.applicantPhone})` : ''}.`;
  await notifyStaff(
    tx,
    {
      organizationId,
      kind: 'admission_received',
      title: 'Nouvelle pré-inscription',
      body,
      link: '/admin/etudiants/inscriptions',
      dedupeKey: `admission.received:${payload.admissionId}`,
    },
    {
      email: {
        subject: `Nouvelle demande d’inscription : ${payload.studentName}`,
        text:
          `Une demande d’inscription en ligne est arrivée : ${body}\n\n` +
          'Examinez-la dans Étudiants → « Demandes d’inscription ».',
        template: 'notifications.admission_received',
      },
    },
  );
}

/** « Paiement à examiner »: a payment put in front of a person (a refund to decide…). */
async function reviewOpened(tx: Transaction, event: PublishedEvent<'payment.review_opened'>) {
  const { payload, organizationId } = event;
  await notifyStaff(tx, {
    organizationId,
    kind: 'payment_review',
    title: 'Paiement à examiner',
    body: /[.!?]$/.test(payload.label) ? payload.label : `${payload.label}.`,
    link: payload.paymentId ? paymentLink(payload.paymentId) : '/admin/paiements',
    dedupeKey: `payment.review_opened:${payload.reviewId}`,
  });
}

/** « Écart de caisse »: a session closed with counted ≠ expected, to the desk's supervisors. */
async function cashDifference(tx: Transaction, event: PublishedEvent<'cash_session.closed'>) {
  const { payload, organizationId } = event;
  if (payload.difference === 0) return;
  const gap = payload.difference < 0 ? 'manquant' : 'en trop';
  await notifyStaff(tx, {
    organizationId,
    kind: 'cash_difference',
    title: 'Écart de caisse',
    body:
      `Caisse de ${payload.cashierName} clôturée avec ${formatFrancs(Math.abs(payload.difference))} ` +
      `${gap} (attendu ${formatFrancs(payload.expected)}, compté ${formatFrancs(payload.counted)})` +
      (payload.comment ? ` : « ${payload.comment} »` : '') +
      '.',
    link: '/admin/caisse?statut=cloturees',
    dedupeKey: `cash_session.closed:${payload.sessionId}`,
  });
}

export const staffNoticeHandlers = {
  paymentReceived: {
    name: 'notifications.payment-received',
    event: 'payment.succeeded',
    handle: paymentReceived,
  } satisfies EventHandler<'payment.succeeded'>,
  paymentFailed: {
    name: 'notifications.payment-failed',
    event: 'payment.failed',
    handle: paymentFailed,
  } satisfies EventHandler<'payment.failed'>,
  admissionReceived: {
    name: 'notifications.admission-received',
    event: 'admission.received',
    handle: admissionReceived,
  } satisfies EventHandler<'admission.received'>,
  reviewOpened: {
    name: 'notifications.payment-review',
    event: 'payment.review_opened',
    handle: reviewOpened,
  } satisfies EventHandler<'payment.review_opened'>,
  cashDifference: {
    name: 'notifications.cash-difference',
    event: 'cash_session.closed',
    handle: cashDifference,
  } satisfies EventHandler<'cash_session.closed'>,
};

/** Every handler of the module, for the composition root. */
export const notificationEventHandlers = [
  staffNoticeHandlers.paymentReceived,
  staffNoticeHandlers.paymentFailed,
  staffNoticeHandlers.admissionReceived,
  staffNoticeHandlers.reviewOpened,
  staffNoticeHandlers.cashDifference,
] as const;
