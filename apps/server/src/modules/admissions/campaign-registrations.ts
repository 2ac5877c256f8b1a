import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { AttributedRegistration, CampaignRegistrations } from '../marketing';
import { admissions } from './admissions.tables';

/**
 * Marketing's `CampaignRegistrations` port (decisions/0015: admissions, downstream, implements
 * it; the composition root hands it to marketing): the school's pre-registrations attributed to
 * these campaigns, optionally submitted in [from, to), oldest first. Accepted: the student was
 * enrolled (and billed).
 */
export const campaignRegistrations: CampaignRegistrations = {
  async attributedTo(
    db: DbOrTx,
    organizationId: string,
    campaignIds: readonly string[],
    submitted?: { from: Date; to: Date },
  ): Promise<AttributedRegistration[]> {
    if (campaignIds.length === 0) return [];
    const rows = await db
      .select({
        campaignId: admissions.campaignId,
        admissionId: admissions.id,
        studentId: admissions.studentId,
        submittedAt: admissions.createdAt,
        status: admissions.status,
      })
      .from(admissions)
      .where(
        and(
          eq(admissions.organizationId, organizationId),
          isNotNull(admissions.campaignId),
          inArray(admissions.campaignId, [...campaignIds]),
          submitted ? gte(admissions.createdAt, submitted.from) : undefined,
          submitted ? lt(admissions.createdAt, submitted.to) : undefined,
        ),
      )
      .orderBy(asc(admissions.createdAt), asc(admissions.id));
    return rows.map((row) => ({
      campaignId: row.campaignId!,
      admissionId: row.admissionId,
      studentId: row.studentId,
      submittedAt: row.submittedAt,
      accepted: row.status === 'accepted',
    }));
  },
};
