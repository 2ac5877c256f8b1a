import type { CampaignResults } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { collectedAllocations } from '../../billing';
import { shortLinkClicks } from '../../messaging';
import { campaignPaymentAttempts, campaignTraffic } from '../../public';
import { findLinkCodesOf } from '../campaigns/campaign-links.repository';
import type { CampaignRegistrations } from './registrations.port';

/** What a campaign's results are computed from. */
export interface CampaignForResults {
  id: string;
  code: string;
  spend: number;
}

/** revenue / spend, one decimal (2.5 = « 2,5x »); null without spend. */
export function returnOnSpend(revenue: number, spend: number): number | null {
  return spend > 0 ? Math.round((revenue / spend) * 10) / 10 : null;
}

const noResults = (): CampaignResults => ({
  reach: 0,
  clicks: 0,
  registrations: 0,
  enrolments: 0,
  revenue: 0,
  roi: null,
});

/**
 * Each campaign's results, never typed: reach = unique visitors of the visits tagged with its
 * code (public's page analytics), clicks on its short links (messaging), pre-registrations
 * attributed to it and those accepted (admissions, through the port), revenue = the money applied
 * to its attributed students' invoices since their pre-registration plus the money its pay-page
 * visits' payments applied (billing, net of refunds, each allocation once), ROI = revenue / spend.
 */
export async function campaignResults(
  db: DbOrTx,
  organizationId: string,
  campaigns: readonly CampaignForResults[],
  registrations: CampaignRegistrations,
): Promise<Map<string, CampaignResults>> {
  const results = new Map(campaigns.map((campaign) => [campaign.id, noResults()]));
  if (campaigns.length === 0) return results;
  const ids = campaigns.map((campaign) => campaign.id);
  const codes = campaigns.map((campaign) => campaign.code);
  const campaignOfCode = new Map(campaigns.map((campaign) => [campaign.code, campaign.id]));
  const [traffic, links, attributed, attempts] = await Promise.all([
    campaignTraffic(db, organizationId, codes),
    findLinkCodesOf(db, organizationId, ids),
    registrations.attributedTo(db, organizationId, ids),
    campaignPaymentAttempts(db, organizationId, codes),
  ]);
  const clicks = await shortLinkClicks(
    db,
    organizationId,
    links.map((link) => link.shortLinkCode),
  );
  for (const campaign of campaigns) {
    results.get(campaign.id)!.reach = traffic.get(campaign.code)?.visitors ?? 0;
  }
  for (const link of links) {
    results.get(link.campaignId)!.clicks += clicks.get(link.shortLinkCode) ?? 0;
  }
  for (const registration of attributed) {
    const result = results.get(registration.campaignId);
    if (!result) continue;
    result.registrations += 1;
    if (registration.accepted) result.enrolments += 1;
  }

  // Earliest pre-registration of each attributed student, per campaign.
  const studentsOf = new Map<string, Map<string, Date>>();
  for (const registration of attributed) {
    const students = studentsOf.get(registration.campaignId) ?? new Map<string, Date>();
    const known = students.get(registration.studentId);
    if (!known || registration.submittedAt < known) {
      students.set(registration.studentId, registration.submittedAt);
    }
    studentsOf.set(registration.campaignId, students);
  }
  const campaignOfAttempt = new Map(
    attempts.map((attempt) => [attempt.attemptId, campaignOfCode.get(attempt.code)!]),
  );
  const everyStudent = new Map<string, Date>();
  for (const students of studentsOf.values()) {
    for (const [studentId, since] of students) {
      const known = everyStudent.get(studentId);
      if (!known || since < known) everyStudent.set(studentId, since);
    }
  }
  const allocations = await collectedAllocations(db, organizationId, {
    students: [...everyStudent].map(([studentId, since]) => ({ studentId, since })),
    paymentIds: [...campaignOfAttempt.keys()],
  });
  const counted = new Map<string, Set<string>>();
  const addTo = (campaignId: string, allocation: { allocationId: string; amount: number }) => {
    const seen = counted.get(campaignId) ?? new Set<string>();
    if (seen.has(allocation.allocationId)) return;
    seen.add(allocation.allocationId);
    counted.set(campaignId, seen);
    results.get(campaignId)!.revenue += allocation.amount;
  };
  for (const allocation of allocations) {
    if (allocation.paymentId && campaignOfAttempt.has(allocation.paymentId)) {
      addTo(campaignOfAttempt.get(allocation.paymentId)!, allocation);
    }
    for (const [campaignId, students] of studentsOf) {
      const since = students.get(allocation.studentId);
      if (since && allocation.createdAt >= since) addTo(campaignId, allocation);
    }
  }
  for (const campaign of campaigns) {
    const result = results.get(campaign.id)!;
    result.roi = returnOnSpend(result.revenue, campaign.spend);
  }
  return results;
}
