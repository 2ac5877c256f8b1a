import {
  KYC_MAX_BYTES,
  kycDocumentKindLabels,
  kycDocumentKindSchema,
  kycDocumentKindValues,
  kycStatusLabels,
  type KycDocument as KycDocumentItem,
  type KycDocumentKind,
  type KycStatus,
  type KycSummary,
} from '@ecolage/contracts';
import { createHash } from 'node:crypto';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import { readUpload, saveUpload, uploadKey, type FileStorage } from '../../../platform/storage';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { queueEmail } from '../../messaging';
import { findOrganizationById } from '../../organizations';
import { schoolNoticeRecipient } from '../notifications/notification-settings.service';
import { journalSettings } from '../settings-audit';
import type { KycDocument } from '../settings.tables';
import { sniffFileType } from './file-type';
import {
  findKycDocument,
  findLatestKycDocuments,
  insertKycDocument,
  updateKycReview,
} from './kyc.repository';

/** FileStorage folder of the KYC documents. */
export const KYC_FOLDER = 'kyc';

function itemOf(row: KycDocument): KycDocumentItem {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.originalFileName,
    mime: row.mime,
    size: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
    status: row.status,
    refusalReason: row.refusalReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * The school's KYC from the newest upload of each kind: refused when one is refused, « à
 * envoyer » while a kind is missing, validated when all are, else submitted.
 */
export function kycStatusOf(latest: Pick<KycDocument, 'kind' | 'status'>[]): KycStatus {
  if (latest.some((row) => row.status === 'refuse')) return 'refuse';
  if (kycDocumentKindValues.some((kind) => !latest.some((row) => row.kind === kind))) {
    return 'a_envoyer';
  }
  return latest.every((row) => row.status === 'valide') ? 'valide' : 'soumis';
}

/** The school's KYC: its status and, for each kind, the newest upload (or null). */
export async function listSchoolKyc(db: DbOrTx, organizationId: string): Promise<KycSummary> {
  const latest = await findLatestKycDocuments(db, [organizationId]);
  return {
    status: kycStatusOf(latest),
    documents: kycDocumentKindValues.map((kind) => {
      const row = latest.find((candidate) => candidate.kind === kind);
      return { kind, document: row ? itemOf(row) : null };
    }),
  };
}

/** The KYC status of each school (the operator console's list). */
export async function kycStatusOfSchools(
  db: DbOrTx,
  organizationIds: string[],
): Promise<Map<string, KycStatus>> {
  const latest = await findLatestKycDocuments(db, organizationIds);
  return new Map(
    organizationIds.map((id) => [
      id,
      kycStatusOf(latest.filter((row) => row.organizationId === id)),
    ]),
  );
}

export interface KycUpload {
  kind: string | undefined;
  fileName: string;
  bytes: Buffer;
}

/** A person's file name kept for display: its last path part, bounded. */
function displayName(fileName: string, fallback: string): string {
  const base = fileName.split(/[\\/]/).pop()?.trim() ?? '';
  return (base || fallback).slice(0, 200);
}

/**
 * Stores one KYC document (PDF, JPEG or PNG by its bytes, 5 Mo at most) as « soumis »: a kind
 * already validated may be sent again, the newest upload counts.
 */
export async function uploadKycDocument(
  db: Database,
  files: FileStorage,
  acting: ActingMember,
  upload: KycUpload,
): Promise<KycDocumentItem> {
  const kind = kycDocumentKindSchema.safeParse(upload.kind);
  if (!kind.success) throw domainError('KYC_FILE_REQUIRED', {}, { field: 'kind' });
  if (upload.bytes.length === 0) throw domainError('KYC_FILE_REQUIRED', {}, { field: 'file' });
  if (upload.bytes.length > KYC_MAX_BYTES) {
    throw domainError('KYC_FILE_TOO_LARGE', { maxMegabytes: KYC_MAX_BYTES / 1024 / 1024 });
  }
  const type = sniffFileType(upload.bytes);
  if (!type || type.mime === 'image/webp') {
    throw domainError('KYC_FILE_TYPE_INVALID', {}, { field: 'file' });
  }
  if (acting.actor.type !== 'user') throw new Error('KYC documents are sent by a member');
  const uploadedBy = acting.actor.userId;
  const storedFile = await saveUpload(files, KYC_FOLDER, upload.bytes, type.extension);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  return db.transaction(async (tx) => {
    const row = await insertKycDocument(tx, {
      organizationId: acting.organizationId,
      kind: kind.data,
      storedFile,
      originalFileName: displayName(upload.fileName, `${kind.data}.${type.extension}`),
      mime: type.mime,
      sizeBytes: upload.bytes.length,
      sha256,
      status: 'soumis',
      uploadedBy,
    });
    await journalSettings(
      tx,
      acting,
      'kyc.document_submitted',
      'kyc_document',
      { document: kycDocumentKindLabels[kind.data], fichier: row.originalFileName },
      row.id,
    );
    return itemOf(row);
  });
}

/** A KYC document's bytes for the school (or the operator): 404 for another school's id. */
export async function readKycDocumentFile(
  db: DbOrTx,
  files: FileStorage,
  organizationId: string,
  documentId: string,
): Promise<{ bytes: Buffer; mime: string; fileName: string; kind: KycDocumentKind }> {
  const row = await findKycDocument(db, organizationId, documentId);
  const bytes = row ? await readUpload(files, KYC_FOLDER, row.storedFile) : undefined;
  if (!row || !bytes) throw notFound('KYC_DOCUMENT_NOT_FOUND');
  return { bytes, mime: row.mime, fileName: row.originalFileName, kind: row.kind };
}

/**
 * A signed link that downloads a KYC document for a few minutes (FILE_LINK_TTL_SECONDS), answered
 * by the storage itself (the S3 bucket, or any API process for the local directory).
 */
export async function kycDocumentLink(
  db: DbOrTx,
  files: FileStorage,
  organizationId: string,
  documentId: string,
): Promise<{ url: string; expiresAt: string }> {
  const row = await findKycDocument(db, organizationId, documentId);
  const key = row ? uploadKey(KYC_FOLDER, row.storedFile) : undefined;
  if (!row || !key || !(await files.head(key))) throw notFound('KYC_DOCUMENT_NOT_FOUND');
  const expiresAt = new Date(Date.now() + files.linkTtlSeconds * 1000);
  const url = await files.downloadUrl(key, {
    filename: row.originalFileName,
    contentType: row.mime,
  });
  return { url, expiresAt: expiresAt.toISOString() };
}

export interface KycReview {
  organizationId: string;
  documentId: string;
  decision: 'valide' | 'refuse';
  reason?: string | null;
  reviewer: { userId: string; ip: string | null; name?: string };
}

/**
 * The platform operator validates or refuses a school's document (a refusal says why, which the
 * school sees in « Détails »): journaled in the school's chain with the operator as actor, and
 * the school told by e-mail when it wants KYC notices. Given a transaction (the console records
 * its own journal entry beside it), the decision runs as a savepoint of it.
 */
export async function reviewKycDocument(db: DbOrTx, review: KycReview): Promise<KycDocumentItem> {
  const reason = review.reason?.trim() || null;
  if (review.decision === 'refuse' && !reason) {
    throw domainError('KYC_REFUSAL_REASON_REQUIRED', {}, { field: 'reason' });
  }
  return db.transaction(async (tx) => {
    const row = await findKycDocument(tx, review.organizationId, review.documentId, true);
    if (!row) throw notFound('KYC_DOCUMENT_NOT_FOUND');
    const updated = await updateKycReview(tx, review.organizationId, review.documentId, {
      status: review.decision,
      refusalReason: review.decision === 'refuse' ? reason : null,
      reviewedAt: new Date(),
      reviewedBy: review.reviewer.userId,
    });
    const label = review.reviewer.name ?? 'Opérateur Écolage';
    await recordAuditEntry(tx, {
      organizationId: review.organizationId,
      actor: { type: 'user', userId: review.reviewer.userId, label },
      action: review.decision === 'valide' ? 'kyc.document_validated' : 'kyc.document_refused',
      resourceType: 'kyc_document',
      resourceId: row.id,
      category: 'settings',
      details: {
        document: kycDocumentKindLabels[row.kind],
        fichier: row.originalFileName,
        motif: reason,
      },
      ip: review.reviewer.ip,
    });
    await noticeKycReview(tx, updated);
    return itemOf(updated);
  });
}

async function noticeKycReview(tx: DbOrTx, row: KycDocument): Promise<void> {
  const to = await schoolNoticeRecipient(tx, row.organizationId, 'kycReviewed');
  const school = await findOrganizationById(tx, row.organizationId);
  if (!to || !school) return;
  const label = kycDocumentKindLabels[row.kind];
  const valid = row.status === 'valide';
  const { status } = await listSchoolKyc(tx, row.organizationId);
  await queueEmail(tx, {
    organizationId: row.organizationId,
    to,
    subject: valid ? `Document validé : ${label}` : `Document refusé : ${label}`,
    text: [
      'Bonjour,',
      '',
      valid
        ? `Écolage a validé le document « ${label} » (${row.originalFileName}) de ${school.name}.`
        : `Écolage a refusé le document « ${label} » (${row.originalFileName}) de ${school.name}.`,
      ...(valid
        ? []
        : [
            '',
            `Motif : ${row.refusalReason ?? ''}`,
            '',
            'Envoyez un nouveau document depuis Paramètres › Détails de l’organisation.',
          ]),
      '',
      `État de votre dossier : ${kycStatusLabels[status]}.`,
    ].join('\n'),
    template: valid ? 'kyc.document_validated' : 'kyc.document_refused',
    metadata: { documentId: row.id },
  });
}
