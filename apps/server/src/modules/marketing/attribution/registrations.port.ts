import type { DbOrTx } from '../../../platform/db/database';

/** A pre-registration attributed to a campaign (last touch within 30 days), as admissions keeps it. */
export interface AttributedRegistration {
  campaignId: string;
  admissionId: string;
  studentId: string;
  submittedAt: Date;
  /** Accepted: the student is enrolled (and billed). */
  accepted: boolean;
}

/**
 * How marketing counts a campaign's conversions without knowing admissions (downstream, it owns
 * the pre-registrations and imports marketing to verify the touch). Admissions implements it
 * (`campaignRegistrations`), the composition root hands it over.
 */
export interface CampaignRegistrations {
  /** The school's pre-registrations attributed to these campaigns, optionally submitted in [from, to). */
  attributedTo(
    db: DbOrTx,
    organizationId: string,
    campaignIds: readonly string[],
    submitted?: { from: Date; to: Date },
  ): Promise<AttributedRegistration[]>;
}
