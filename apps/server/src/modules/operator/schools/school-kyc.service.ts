import type {
  OperatorKycDocument,
  OperatorKycReviewRequest,
  OperatorSchoolDetail,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { FileStore } from '../../../platform/files';
import { domainError, notFound } from '../../../platform/errors';
import { collectedBySchools } from '../../payments';
import type { OperatorActor } from '../operator-actor';
import { findOperatorSchool } from './operator-schools.reads';
import { schoolItem, volumePeriods } from './operator-schools.service';

/** One school for the operator: its row, volumes, contact, plan terms and KYC documents. */
export async function getSchool(
  db: DbOrTx,
  schoolId: string,
  now = new Date(),
): Promise<OperatorSchoolDetail> {
  const row = await findOperatorSchool(db, schoolId);
  if (!row) throw notFound('OPERATOR_SCHOOL_NOT_FOUND');
  const volumes = await collectedBySchools(db, [row.id], volumePeriods(now));
  return {
    ...schoolItem(row, volumes.get(row.id)),
    contact: { email: row.contactEmail, phone: row.supportPhone, address: row.address },
    planTerms: null,
    kycDocuments: [],
  };
}

export interface KycFile {
  mime: string;
  asciiName: string;
  bytes: Buffer;
}

export async function openKycDocument(
  _db: Database,
  _files: FileStore,
  _schoolId: string,
  _documentId: string,
  _actor: OperatorActor,
): Promise<KycFile> {
  throw notFound('OPERATOR_KYC_DOCUMENT_NOT_FOUND');
}

export async function reviewSchoolKycDocument(
  _db: Database,
  _schoolId: string,
  _documentId: string,
  _request: OperatorKycReviewRequest,
  _actor: OperatorActor,
): Promise<OperatorKycDocument> {
  throw domainError('OPERATOR_KYC_DOCUMENT_NOT_FOUND');
}
