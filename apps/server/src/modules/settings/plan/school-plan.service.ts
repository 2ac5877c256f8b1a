import { planDefinition, type PlanId, type SchoolPlanResponse } from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { countSeatsTaken } from '../../auth';
import {
  appendPlanTerms,
  findOrganizationById,
  lockSchoolRow,
  planTermsAt,
  updateSchoolSettings,
} from '../../organizations';
import { journalSettings } from '../settings-audit';

/** The school's plan, since when, the terms stored for it and the seats it uses. */
export async function getSchoolPlan(
  db: DbOrTx,
  organizationId: string,
): Promise<SchoolPlanResponse> {
  const school = await findOrganizationById(db, organizationId);
  if (!school) throw new Error(`school ${organizationId} not found`);
  const [stored, members] = await Promise.all([
    planTermsAt(db, organizationId, new Date()),
    countSeatsTaken(db, organizationId),
  ]);
  const terms = stored ?? { ...planDefinition(school.plan).terms };
  return {
    plan: school.plan,
    since: school.planChosenAt.toISOString(),
    terms: {
      commissionRateBp: terms.commissionRateBp,
      feeFreeVolumeXof: terms.feeFreeVolumeXof,
      subscriptionXof: terms.subscriptionXof,
      subscriptionPeriod: terms.subscriptionPeriod,
      memberLimit: terms.memberLimit,
      remindersPerMonth: terms.remindersPerMonth,
    },
    usage: { members, memberLimit: terms.memberLimit },
  };
}

/**
 * Moves the school to another plan: its terms appended from now (never edited), journaled. A plan
 * with fewer users than the school's seats (members + pending invitations) is refused; the
 * school's row is locked first, as invitations do, so no invitation slips in meanwhile.
 */
export async function changeSchoolPlan(
  db: Database,
  acting: ActingMember,
  plan: PlanId,
): Promise<SchoolPlanResponse> {
  await db.transaction(async (tx) => {
    const school = await lockSchoolRow(tx, acting.organizationId);
    if (school.plan === plan) return;
    const limit = planDefinition(plan).terms.memberLimit;
    if (limit !== null) {
      const members = await countSeatsTaken(tx, acting.organizationId);
      if (members > limit) throw domainError('PLAN_MEMBER_LIMIT_EXCEEDED', { limit, members });
    }
    const now = new Date();
    await updateSchoolSettings(tx, acting.organizationId, { plan, planChosenAt: now });
    await appendPlanTerms(tx, {
      organizationId: acting.organizationId,
      plan,
      effectiveFrom: now,
      createdBy: acting.actor.type === 'user' ? acting.actor.userId : null,
    });
    await journalSettings(tx, acting, 'organization.plan_changed', 'organization', {
      'formule avant': school.plan,
      formule: plan,
    });
  });
  return getSchoolPlan(db, acting.organizationId);
}
