import QRCode from 'qrcode';
import type { Database } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import { notFound, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { findOrganizationsByIds } from '../../organizations';
import { findCurrentAcademicYear, findLevel } from '../../programmes';
import { findLevelRoster } from '../../students';
import { studentAndMainPayer } from '../links/pay-links.service';
import { studentQrLink, type LinkSigner } from '../links/payment-links';
import { renderClassQrSheet, renderCounterPoster, type QrCard } from './payment-qr-pdf';

export const PaymentQrMessages = {
  nobodyEnrolled: 'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
  schoolNotFound: 'École introuvable.',
} as const;

/** A file name's part from a name: « Collège 6e » → `college-6e`. */
function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

export interface QrFile<T> {
  filename: string;
  content: T;
}

/**
 * A student's payment QR code as SVG: their stable QR link (the student's invoices, paid by their
 * main payer), a new one only when the current one has less than a month left (audited).
 */
export async function studentPaymentQrSvg(
  db: Database,
  signer: LinkSigner,
  acting: ActingMember,
  studentId: string,
  now: Date,
): Promise<QrFile<string>> {
  const { organizationId } = acting;
  const { link, matricule } = await db.transaction(async (tx) => {
    const { student, payer } = await studentAndMainPayer(tx, organizationId, studentId);
    const issued = await studentQrLink(tx, signer, {
      organizationId,
      guardianId: payer.id,
      studentId: student.id,
      createdBy: acting.actor.label,
      now,
    });
    if (issued.created) {
      await recordAuditEntry(tx, {
        organizationId,
        actor: acting.actor,
        action: 'payment_link.created',
        resourceType: 'payment_link',
        resourceId: issued.id,
        category: 'payment',
        details: {
          etudiant: student.fullName,
          matricule: student.matricule,
          responsable: payer.fullName,
          support: 'QR code',
          expire: issued.expiresAt.toISOString(),
        },
        ip: acting.ip,
        userAgent: acting.userAgent,
      });
    }
    return { link: issued, matricule: student.matricule };
  });
  const svg = await QRCode.toString(link.url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { filename: `qr-paiement-${fileNamePart(matricule)}.svg`, content: svg };
}

/**
 * The printable sheet of a class (a level in the current year): one card per student actively
 * enrolled, by name, with the QR code of their stable QR link. Audited with the class and the
 * number of cards.
 */
export async function classPaymentQrSheet(
  db: Database,
  signer: LinkSigner,
  acting: ActingMember,
  levelId: string,
  now: Date,
): Promise<QrFile<Buffer>> {
  const { organizationId } = acting;
  const sheet = await db.transaction(async (tx) => {
    const found = await findLevel(tx, organizationId, levelId);
    if (!found) throw notFound('LEVEL_NOT_FOUND');
    const year = await findCurrentAcademicYear(tx, organizationId);
    const roster = year ? await findLevelRoster(tx, organizationId, levelId, year.id) : [];
    if (!year || roster.length === 0) {
      throw domainError('NOBODY_ENROLLED');
    }
    const cards: QrCard[] = [];
    let created = 0;
    for (const student of roster) {
      let url: string | null = null;
      if (student.mainPayerId) {
        const link = await studentQrLink(tx, signer, {
          organizationId,
          guardianId: student.mainPayerId,
          studentId: student.id,
          createdBy: acting.actor.label,
          now,
        });
        url = link.url;
        if (link.created) created += 1;
      }
      cards.push({ fullName: student.fullName, matricule: student.matricule, url });
    }
    const [school] = await findOrganizationsByIds(tx, [organizationId]);
    const className = `${found.programme.name} · ${found.level.name}`;
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'payment_qr_sheet.printed',
      resourceType: 'level',
      resourceId: levelId,
      category: 'payment',
      details: {
        niveau: className,
        annee: year.label,
        etudiants: roster.length,
        sansPayeur: cards.filter((card) => !card.url).length,
        liensCrees: created,
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return {
      school: { name: school?.name ?? '', color: school?.brandColor ?? '#484D9B' },
      className,
      yearLabel: year.label,
      cards,
    };
  });
  return {
    filename: `qr-paiement-${fileNamePart(sheet.className)}-${fileNamePart(sheet.yearLabel)}.pdf`,
    content: await renderClassQrSheet(sheet),
  };
}

/** The counter's poster: a big QR code to the school's pay page `/payer/<slug>` (no mutation). */
export async function schoolCounterPoster(
  db: Database,
  organizationId: string,
): Promise<QrFile<Buffer>> {
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  if (!school) throw notFound('SCHOOL_NOT_FOUND');
  const pdf = await renderCounterPoster({
    school: { name: school.name, color: school.brandColor, phone: school.supportPhone },
    url: `${publicBaseUrl()}/payer/${school.slug}`,
  });
  return { filename: `affiche-paiement-${school.slug}.pdf`, content: pdf };
}
