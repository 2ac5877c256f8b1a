import { PLAN_CATALOGUE, type PlanDefinition } from '@ecolage/contracts';
import type { Translation } from '../../i18n/fr';

/**
 * Écolage's own price list (spec §9), as the landing page shows it: the contracts' one catalogue
 * (`PLAN_CATALOGUE`, which the server's limits and stored fee terms also read) with where each
 * plan's button leads. Amounts are whole francs CFA (XOF); they are formatted for display with
 * `formatFrancs` (@ecolage/money), never shown as dollars.
 */
export type PlanId = keyof Translation['pricing']['plans'];
export type PlanFeatureKey = keyof Translation['pricing']['features'];

export type PlanPrice = PlanDefinition['price'];

export interface PlanFeature {
  key: PlanFeatureKey;
  /** A count interpolated into the label as `{{quantity}}` (formatted per language). */
  quantity?: number;
  /** An amount in francs CFA interpolated into the label as `{{amount}}`. */
  amountXof?: number;
}

export interface Plan {
  id: PlanId;
  price: PlanPrice;
  features: readonly PlanFeature[];
  /** Where the plan's button leads. */
  ctaTo: '/signup' | '/contact';
  highlighted: boolean;
}

export { DECOUVERTE_FEE_FREE_XOF } from '@ecolage/contracts';

export const PLANS: readonly Plan[] = PLAN_CATALOGUE.map((plan) => ({
  id: plan.id,
  price: plan.price,
  features: plan.features,
  ctaTo: plan.onQuote ? '/contact' : '/signup',
  highlighted: plan.highlighted,
}));
