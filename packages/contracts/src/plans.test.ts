import { describe, expect, it } from 'vitest';
import { planIds } from './organizations';
import {
  DEFAULT_PLAN,
  formatCommissionRate,
  PLAN_CATALOGUE,
  planDefinition,
  planTermsSchema,
  updatePlanRequestSchema,
} from './plans';

describe('plan catalogue', () => {
  it('has one definition per plan id, with valid terms', () => {
    expect(PLAN_CATALOGUE.map((plan) => plan.id)).toEqual([...planIds]);
    for (const plan of PLAN_CATALOGUE)
      expect(planTermsSchema.parse(plan.terms)).toEqual(plan.terms);
  });

  it('says spec §9: Découverte 165 000 F a year for 5 users, Croissance free and highlighted', () => {
    const decouverte = planDefinition('decouverte');
    expect(decouverte.price).toEqual({ kind: 'amount', amountXof: 165_000, period: 'year' });
    expect(decouverte.terms.memberLimit).toBe(5);
    expect(decouverte.terms.feeFreeVolumeXof).toBe(1_000_000);
    expect(formatCommissionRate(decouverte.terms.commissionRateBp)).toBe('1,5 %');
    const croissance = planDefinition(DEFAULT_PLAN);
    expect(croissance.id).toBe('croissance');
    expect(croissance.highlighted).toBe(true);
    expect(croissance.terms.memberLimit).toBeNull();
    expect(formatCommissionRate(croissance.terms.commissionRateBp)).toBe('2 %');
    const personnalise = planDefinition('personnalise');
    expect(personnalise.price.kind).toBe('quote');
    expect(personnalise.terms.commissionRateBp).toBe(0);
  });

  it('refuses an unknown plan in French', () => {
    const result = updatePlanRequestSchema.safeParse({ plan: 'gratuit' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('Choisissez une formule');
  });
});
