import type {
  KycDocument,
  OperatorKycReviewRequest,
  OperatorSchoolDetail,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { FileStorage } from '../../../platform/storage';
import { notFound } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import { planTermsAt } from '../../organizations';
import { collectedBySchools } from '../../payments';
import { listSchoolKyc, readKycDocumentFile, reviewKycDocument } from '../../settings';
import type { OperatorActor } from '../operator-actor';
import { findOperatorSchool } from './operator-schools.reads';
import { schoolItem, volumePeriods } from './operator-schools.service';

/** One school for the operator: its row, volumes, contact, plan terms in force and its KYC. */
export async function getSchool(
  db: DbOrTx,
  schoolId: string,
  now = new Date(),
): Promise<OperatorSchoolDetail> {
  const row = await findOperatorSchool(db, schoolId);
  if (!row) throw notFound('OPERATOR_SCHOOL_NOT_FOUND');
  const [volumes, kyc, terms] = await Promise.all([
    collectedBySchools(db, [row.id], volumePeriods(now)),
    listSchoolKyc(db, row.id),
    planTermsAt(db, row.id, now),
  ]);
  return {
    ...schoolItem(row, volumes.get(row.id)),
    kycStatus: kyc.status,
    contact: { email: row.contactEmail, phone: row.supportPhone, address: row.address },
    planTerms: terms
      ? {
          plan: terms.plan,
          effectiveFrom: terms.effectiveFrom.toISOString(),
          commissionRateBp: terms.commissionRateBp,
          feeFreeVolumeXof: terms.feeFreeVolumeXof,
          subscriptionXof: terms.subscriptionXof,
          subscriptionPeriod: terms.subscriptionPeriod,
          memberLimit: terms.memberLimit,
          remindersPerMonth: terms.remindersPerMonth,
        }
      : null,
    kyc,
  };
}

async function requireSchool(db: DbOrTx, schoolId: string) {
  const row = await findOperatorSchool(db, schoolId);
  if (!row) throw notFound('OPERATOR_SCHOOL_NOT_FOUND');
  return row;
}

export interface KycFile {
  mime: string;
  /** The file's name in ASCII for the `Content-Disposition` header. */
  asciiName: string;
  bytes: Buffer;
}

/** A file name a header may carry: ASCII letters, digits, dots, dashes and underscores. */
function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 100);
  return ascii || 'document';
}

/**
 * A school's KYC document for the operator to view in the browser: the consultation is journaled
 * in the platform's chain (who looked at which school's document).
 */
export async function openKycDocument(
  db: Database,
  files: FileStorage,
  schoolId: string,
  documentId: string,
  actor: OperatorActor,
): Promise<KycFile> {
  const school = await requireSchool(db, schoolId);
  const file = await readKycDocumentFile(db, files, schoolId, documentId).catch(() => {
    throw notFound('OPERATOR_KYC_DOCUMENT_NOT_FOUND');
  });
  await db.transaction((tx) =>
    recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'user', userId: actor.userId, label: actor.name },
      action: 'operator.kyc_document_viewed',
      resourceType: 'kyc_document',
      resourceId: documentId,
      category: 'settings',
      details: { école: school.name, fichier: file.fileName },
      ip: actor.ip,
    }),
  );
  return { mime: file.mime, asciiName: asciiFileName(file.fileName), bytes: file.bytes };
}

/**
 * Validates or refuses a school's document in one transaction: settings' `reviewKycDocument`
 * journals it in the school's chain (the operator as actor) and tells the school — its own
 * transaction becomes a savepoint of this one — and the platform's chain gets its entry here.
 */
export async function reviewSchoolKycDocument(
  db: Database,
  schoolId: string,
  documentId: string,
  request: OperatorKycReviewRequest,
  actor: OperatorActor,
): Promise<KycDocument> {
  const school = await requireSchool(db, schoolId);
  return db.transaction(async (tx) => {
    // Settings' decision as a savepoint of this transaction.
    const document = await reviewKycDocument(tx, {
      organizationId: schoolId,
      documentId,
      decision: request.decision,
      reason: request.reason ?? null,
      reviewer: { userId: actor.userId, ip: actor.ip, name: actor.name },
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'KYC_DOCUMENT_NOT_FOUND') {
        throw notFound('OPERATOR_KYC_DOCUMENT_NOT_FOUND');
      }
      throw error;
    });
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'user', userId: actor.userId, label: actor.name },
      action: request.decision === 'valide' ? 'kyc.document_validated' : 'kyc.document_refused',
      resourceType: 'kyc_document',
      resourceId: documentId,
      category: 'settings',
      details: { école: school.name, fichier: document.fileName, motif: request.reason ?? null },
      ip: actor.ip,
    });
    return document;
  });
}
