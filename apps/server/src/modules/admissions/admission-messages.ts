import { deName, smsSegments, toGsm7 } from '@ecolage/contracts';
import type { Transaction } from '../../platform/db/database';
import { publicBaseUrl } from '../../platform/env';
import { queueEmail, queueSms, shortLinkFor } from '../messaging';
import { schoolNoticeRecipient } from '../settings';
import type { AdmissionRow } from './admissions.tables';

/**
 * What the applicant and the school are told about a pre-registration, queued in the transaction
 * of the fact. The SMS keep GSM-7's accents (é è à ù) and are worded without what forces UCS-2
 * (ç â ê î ô û, typographic quotes: DESIGN.md §8b), one SMS each for a usual school name; the
 * payment link goes as our short link.
 */

interface Applicant {
  school: { id: string; name: string };
  admission: Pick<AdmissionRow, 'id' | 'fullName' | 'email' | 'phone'>;
  matricule: string;
}

/** A refusal's reason is cut to keep its SMS one part, but never below this; the e-mail has it all. */
const SMS_REASON_MIN_LENGTH = 60;
const SMS_LENGTH = 160;

/** The applicant's SMS, by what happened. */
export const admissionSms = {
  received: (schoolName: string, matricule: string) =>
    `${schoolName} : votre demande d'inscription est bien enregistrée (matricule ${matricule}). ` +
    "L'école vous répondra par SMS et par e-mail.",
  accepted: (schoolName: string, payUrl: string) =>
    `${schoolName} : votre inscription est acceptée. ` +
    `Payez les frais d'inscription en ligne : ${payUrl}`,
  refused: (schoolName: string, reason: string) => {
    const start = `${schoolName} : votre demande d'inscription n'a pas été retenue. Motif : `;
    return start + smsReason(reason, SMS_LENGTH - smsSegments(toGsm7(start)).units);
  },
};

function metadataOf(applicant: Applicant) {
  return { admissionId: applicant.admission.id, matricule: applicant.matricule };
}

/** The school learns of a new request (when it wants to hear of it); the applicant gets an SMS. */
export async function notifySubmitted(
  tx: Transaction,
  applicant: Applicant & { contactEmail: string | null; programme: string; level: string },
) {
  const { school, admission } = applicant;
  const metadata = metadataOf(applicant);
  // The school's notices address (« Paramètres › Notifications »), else its contact e-mail; none
  // when the school turned this notice off.
  const to = await schoolNoticeRecipient(tx, school.id, 'admissionReceived');
  if (to) {
    await queueEmail(tx, {
      organizationId: school.id,
      to,
      subject: `Nouvelle demande d’inscription : ${admission.fullName}`,
      text: [
        'Bonjour,',
        '',
        `Une demande d’inscription vient d’arriver par le formulaire en ligne ${deName(school.name)}.`,
        '',
        `Nom : ${admission.fullName}`,
        `Programme : ${applicant.programme}, niveau ${applicant.level}`,
        `Téléphone : ${admission.phone}`,
        `E-mail : ${admission.email}`,
        `Matricule attribué : ${applicant.matricule} (étudiant « En attente »)`,
        '',
        `Acceptez-la ou refusez-la : ${publicBaseUrl()}/admin/etudiants/inscriptions`,
      ].join('\n'),
      template: 'admission.submitted',
      metadata,
    });
  }
  await queueSms(tx, {
    organizationId: school.id,
    recipient: admission.phone,
    body: admissionSms.received(school.name, applicant.matricule),
    template: 'admission.received',
    metadata,
  });
}

/**
 * Accepted: the payment link of the registration fees, by SMS (as our short link, living as long
 * as the link) and e-mail.
 */
export async function notifyAccepted(
  tx: Transaction,
  applicant: Applicant & { paymentLink: { url: string; expiresAt: Date } },
) {
  const { school, admission } = applicant;
  const paymentLinkUrl = applicant.paymentLink.url;
  const metadata = metadataOf(applicant);
  const short = await shortLinkFor(tx, {
    organizationId: school.id,
    targetPath: new URL(paymentLinkUrl).pathname,
    purpose: 'payment',
    expiresAt: applicant.paymentLink.expiresAt,
  });
  await queueSms(tx, {
    organizationId: school.id,
    recipient: admission.phone,
    body: admissionSms.accepted(school.name, short.url),
    template: 'admission.accepted',
    metadata,
  });
  await queueEmail(tx, {
    organizationId: school.id,
    to: admission.email,
    subject: `Votre inscription à ${school.name} est acceptée`,
    text: [
      `Bonjour ${admission.fullName},`,
      '',
      `${school.name} a accepté votre demande d’inscription. Votre matricule : ${applicant.matricule}.`,
      '',
      'Payez les frais d’inscription en ligne, par mobile money ou par carte, sans créer de compte :',
      paymentLinkUrl,
    ].join('\n'),
    template: 'admission.accepted',
    metadata,
  });
}

/** The reason in GSM-7, cut to `room` characters (60 at least) with « ... » when longer. */
function smsReason(reason: string, room: number): string {
  const text = toGsm7(reason.trim());
  const length = Math.max(room, SMS_REASON_MIN_LENGTH);
  return text.length <= length ? text : `${text.slice(0, length - 3).trimEnd()}...`;
}

/** Refused: the reason, by SMS (shortened if long) and e-mail. */
export async function notifyRefused(tx: Transaction, applicant: Applicant & { reason: string }) {
  const { school, admission, reason } = applicant;
  const metadata = metadataOf(applicant);
  await queueSms(tx, {
    organizationId: school.id,
    recipient: admission.phone,
    body: admissionSms.refused(school.name, reason),
    template: 'admission.refused',
    metadata,
  });
  await queueEmail(tx, {
    organizationId: school.id,
    to: admission.email,
    subject: `Votre demande d’inscription à ${school.name}`,
    text: [
      `Bonjour ${admission.fullName},`,
      '',
      `${school.name} n’a pas retenu votre demande d’inscription.`,
      `Motif : ${reason}`,
      '',
      'Pour toute question, contactez l’école.',
    ].join('\n'),
    template: 'admission.refused',
    metadata,
  });
}
