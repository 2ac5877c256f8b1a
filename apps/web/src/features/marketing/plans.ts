import type { Translation } from '../../i18n/fr';

/**
 * Écolage's own price list (spec §9). Amounts are whole francs CFA (XOF); they are formatted for
 * display with `formatFrancs` (@ecolage/money), never shown as dollars.
 */
export type PlanId = keyof Translation['pricing']['plans'];
export type PlanFeatureKey = keyof Translation['pricing']['features'];

export type PlanPrice =
  { kind: 'amount'; amountXof: number; period: 'year' | 'month' } | { kind: 'quote' };

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

/** Payments up to this amount carry no fee on the Découverte plan. */
export const DECOUVERTE_FEE_FREE_XOF = 1_000_000;

const extras: readonly PlanFeature[] = [
  { key: 'remindersPerMonth', quantity: 1000 },
  { key: 'prioritySupport' },
  { key: 'freeUpdates' },
  { key: 'unlimitedTraining' },
];

export const PLANS: readonly Plan[] = [
  {
    id: 'decouverte',
    price: { kind: 'amount', amountXof: 165_000, period: 'year' },
    features: [
      { key: 'users', quantity: 5 },
      { key: 'studentsUnlimited' },
      ...extras,
      { key: 'firstAmountFree', amountXof: DECOUVERTE_FEE_FREE_XOF },
    ],
    ctaTo: '/signup',
    highlighted: false,
  },
  {
    id: 'croissance',
    price: { kind: 'amount', amountXof: 0, period: 'month' },
    features: [{ key: 'usersUnlimited' }, { key: 'studentsUnlimited' }, ...extras],
    ctaTo: '/signup',
    highlighted: true,
  },
  {
    id: 'personnalise',
    price: { kind: 'quote' },
    features: [
      { key: 'noPaymentFees' },
      { key: 'studentsUnlimited' },
      { key: 'remindersUnlimited' },
      { key: 'usersUnlimited' },
      { key: 'dedicatedServer' },
      { key: 'premiumSupport' },
      { key: 'tailoredTraining' },
    ],
    ctaTo: '/contact',
    highlighted: false,
  },
];
