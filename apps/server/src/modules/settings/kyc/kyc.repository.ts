import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { kycDocuments, type KycDocument } from '../settings.tables';

export async function insertKycDocument(
  db: DbOrTx,
  values: typeof kycDocuments.$inferInsert,
): Promise<KycDocument> {
  const [row] = await db.insert(kycDocuments).values(values).returning();
  if (!row) throw new Error('kyc document not inserted');
  return row;
}

/** The newest upload of each kind, for each of the schools. */
export function findLatestKycDocuments(
  db: DbOrTx,
  organizationIds: string[],
): Promise<KycDocument[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([kycDocuments.organizationId, kycDocuments.kind])
    .from(kycDocuments)
    .where(inArray(kycDocuments.organizationId, organizationIds))
    .orderBy(
      kycDocuments.organizationId,
      kycDocuments.kind,
      desc(kycDocuments.uploadedAt),
      desc(sql`${kycDocuments.id}`),
    );
}

export async function findKycDocument(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  forUpdate = false,
): Promise<KycDocument | undefined> {
  const query = db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.organizationId, organizationId), eq(kycDocuments.id, documentId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateKycReview(
  db: DbOrTx,
  organizationId: string,
  documentId: string,
  review: Pick<KycDocument, 'status' | 'refusalReason' | 'reviewedAt' | 'reviewedBy'>,
): Promise<KycDocument> {
  const [row] = await db
    .update(kycDocuments)
    .set(review)
    .where(and(eq(kycDocuments.organizationId, organizationId), eq(kycDocuments.id, documentId)))
    .returning();
  if (!row) throw new Error('kyc document not updated');
  return row;
}
