import { deName } from '@ecolage/contracts';
import type { Transaction } from '../../platform/db/database';
import { publicBaseUrl } from '../../platform/env';
import { queueEmail, queueSms } from '../messaging';
import { schoolNoticeRecipient } from '../settings';
import type { AdmissionRow } from './admissions.tables';

/**
 * What the applicant and the school are told about a pre-registration, queued in the transaction
 * of the fact. SMS are written without the accents GSM-7 lacks (DESIGN.md §8b; `queueSms` keeps
 * the rest of the text in GSM-7).
 */

interface Applicant {
  school: { id: string; name: string };
  admission: Pick<AdmissionRow, 'id' | 'fullName' | 'email' | 'phone'>;
  matricule: string;
}

/** Longest refusal reason an SMS carries whole; the e-mail always has it all. */
const SMS_REASON_LENGTH = 100;

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
    body:
      `${school.name} : votre demande d'inscription est bien recue (matricule ` +
      `${applicant.matricule}). L'ecole vous repondra par SMS et par e-mail.`,
    template: 'admission.received',
    metadata,
  });
}

/** Accepted: the payment link of the registration fees, by SMS and e-mail. */
export async function notifyAccepted(
  tx: Transaction,
  applicant: Applicant & { paymentLinkUrl: string },
) {
  const { school, admission, paymentLinkUrl } = applicant;
  const metadata = metadataOf(applicant);
  await queueSms(tx, {
    organizationId: school.id,
    recipient: admission.phone,
    body:
      `${school.name} : votre inscription est acceptee. ` +
      `Payez les frais d'inscription en ligne : ${paymentLinkUrl}`,
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

function smsReason(reason: string): string {
  return reason.length <= SMS_REASON_LENGTH
    ? reason
    : `${reason.slice(0, SMS_REASON_LENGTH - 3).trimEnd()}...`;
}

/** Refused: the reason, by SMS (shortened if long) and e-mail. */
export async function notifyRefused(tx: Transaction, applicant: Applicant & { reason: string }) {
  const { school, admission, reason } = applicant;
  const metadata = metadataOf(applicant);
  await queueSms(tx, {
    organizationId: school.id,
    recipient: admission.phone,
    body:
      `${school.name} : votre demande d'inscription n'a pas ete retenue. ` +
      `Motif : ${smsReason(reason)}`,
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
