import { planDefinition, type PlanId, type PlanTerms } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { findPlanTermsAt, insertPlanTerms, listPlanTerms } from './plan-terms.repository';
import type { SchoolPlanTerms } from './organizations.tables';

/**
 * Appends the school's terms for `plan` from `effectiveFrom`, as the catalogue (contracts'
 * plans.ts) states them today: rows are never updated, so the accounting reads what was in force
 * at any date (decisions/0018).
 */
export function appendPlanTerms(
  db: DbOrTx,
  input: { organizationId: string; plan: PlanId; effectiveFrom: Date; createdBy: string | null },
): Promise<SchoolPlanTerms> {
  const terms = planDefinition(input.plan).terms;
  return insertPlanTerms(db, {
    organizationId: input.organizationId,
    plan: input.plan,
    effectiveFrom: input.effectiveFrom,
    commissionRateBp: terms.commissionRateBp,
    feeFreeVolumeXof: terms.feeFreeVolumeXof,
    subscriptionXof: terms.subscriptionXof,
    subscriptionPeriod: terms.subscriptionPeriod,
    memberLimit: terms.memberLimit,
    remindersPerMonth: terms.remindersPerMonth,
    createdBy: input.createdBy,
  });
}

/** A stored row as the contracts' `PlanTerms`. */
export function termsOf(row: SchoolPlanTerms): PlanTerms {
  return {
    commissionRateBp: row.commissionRateBp,
    feeFreeVolumeXof: row.feeFreeVolumeXof,
    subscriptionXof: row.subscriptionXof,
    subscriptionPeriod: row.subscriptionPeriod,
    memberLimit: row.memberLimit,
    remindersPerMonth: row.remindersPerMonth,
  };
}

/**
 * The school's plan terms in force at `at` (the accounting's « terms at date D »); undefined
 * before the school's first terms.
 */
export async function planTermsAt(
  db: DbOrTx,
  organizationId: string,
  at: Date,
): Promise<(PlanTerms & { plan: PlanId; effectiveFrom: Date }) | undefined> {
  const row = await findPlanTermsAt(db, organizationId, at);
  return row ? { ...termsOf(row), plan: row.plan, effectiveFrom: row.effectiveFrom } : undefined;
}

/**
 * The users the school may have now (null = unlimited): its current terms, else its plan's.
 */
export async function currentMemberLimit(
  db: DbOrTx,
  organizationId: string,
  plan: PlanId,
): Promise<number | null> {
  const row = await findPlanTermsAt(db, organizationId, new Date());
  return row ? row.memberLimit : planDefinition(plan).terms.memberLimit;
}

export { listPlanTerms };
