import { deName, type PaymentLink } from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { Database, Transaction } from '../../../platform/db/database';
import { notFound, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { queueEmail, queueSms, shortLinkFor } from '../../messaging';
import { findOrganizationsByIds } from '../../organizations';
import { findStudent, findStudentGuardians } from '../../students';
import { issuePaymentLink, type LinkSigner } from './payment-links';

export const PayLinkMessages = {
  noMainPayer: 'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.',
} as const;

/**
 * The payer's SMS: « École : payez les frais de scolarité de Koffi Kuassi en ligne :
 * https://…/s/Ab3xY9Qk12 » — GSM-7 with its accents, the link as our short link (DESIGN.md §8b).
 */
export function payLinkSms(schoolName: string, studentName: string, url: string): string {
  return `${schoolName} : payez les frais de scolarité ${deName(studentName)} en ligne : ${url}`;
}

/** The student of the member's school and the guardian who pays for them: 404, or 409 without. */
export async function studentAndMainPayer(
  tx: Transaction,
  organizationId: string,
  studentId: string,
) {
  const student = await findStudent(tx, organizationId, studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  const guardians = await findStudentGuardians(tx, organizationId, studentId);
  const payer = guardians.find((row) => row.link.isMainPayer)?.guardian;
  if (!payer) throw domainError('NO_MAIN_PAYER');
  return { student, payer };
}

/**
 * Staff make a payment link for a student's main payer (`POST /api/students/:id/payment-link`):
 * the link opens the whole family's invoices. With `send`, it goes to the payer by SMS, and by
 * e-mail when they have an address, in the same transaction as the link and its audit entry.
 */
export async function makeStudentPaymentLink(
  db: Database,
  signer: LinkSigner,
  acting: ActingMember,
  studentId: string,
  options: { send: boolean; now: Date },
): Promise<PaymentLink> {
  const { organizationId } = acting;
  return db.transaction(async (tx) => {
    const { student, payer } = await studentAndMainPayer(tx, organizationId, studentId);
    const link = await issuePaymentLink(tx, signer, {
      organizationId,
      guardianId: payer.id,
      studentId: null,
      purpose: 'staff',
      createdBy: acting.actor.label,
      now: options.now,
    });
    const channels: string[] = [];
    if (options.send) {
      const [school] = await findOrganizationsByIds(tx, [organizationId]);
      const schoolName = school?.name ?? '';
      const metadata = { linkId: link.id, studentId: student.id, guardianId: payer.id };
      // The SMS carries our short link, living as long as the payment link.
      const short = await shortLinkFor(tx, {
        organizationId,
        targetPath: new URL(link.url).pathname,
        purpose: 'payment',
        expiresAt: link.expiresAt,
        now: options.now,
      });
      await queueSms(tx, {
        organizationId,
        recipient: payer.phone,
        body: payLinkSms(schoolName, student.fullName, short.url),
        template: 'payer.link',
        metadata,
      });
      channels.push('sms');
      if (payer.email) {
        await queueEmail(tx, {
          organizationId,
          to: payer.email,
          subject: `Frais de scolarité ${deName(student.fullName)} — ${schoolName}`,
          text: [
            `Bonjour ${payer.fullName},`,
            '',
            `${schoolName} vous invite à payer en ligne les frais de scolarité ${deName(student.fullName)},` +
              ' par mobile money ou par carte bancaire.',
            '',
            `Ouvrez ce lien pour voir les factures de vos enfants inscrits à l’école et les payer : ${link.url}`,
            '',
            `Ce lien est personnel ; il est valable jusqu’au ${frenchDate(link.expiresAt, school?.timeZone)}.`,
            '',
            'Merci.',
          ].join('\n'),
          template: 'payer.link',
          metadata,
        });
        channels.push('email');
      }
    }
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: options.send ? 'payment_link.sent' : 'payment_link.created',
      resourceType: 'payment_link',
      resourceId: link.id,
      category: 'payment',
      details: {
        etudiant: student.fullName,
        matricule: student.matricule,
        responsable: payer.fullName,
        expire: link.expiresAt.toISOString(),
        ...(options.send ? { envoi: channels.join(', ') } : {}),
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return {
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
      guardianName: payer.fullName,
      guardianPhone: payer.phone,
      sent: options.send,
    };
  });
}

function frenchDate(date: Date, timeZone = DEFAULT_SCHOOL_TIME_ZONE): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'long' }).format(date);
}
