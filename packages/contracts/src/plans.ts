import { z } from 'zod';
import { planIds, planIdSchema, type PlanId } from './organizations';

/**
 * Écolage's plans (spec §9): one catalogue for the landing page, sign-up, « Paramètres » and the
 * server's limits. The fee terms are ours (spec §9 gives none: decisions/0018); a school's terms
 * are stored with their date when it picks a plan (`school_plan_terms`), so changing this
 * catalogue never changes what a school signed for.
 */

export const subscriptionPeriodValues = ['year', 'month'] as const;
export type SubscriptionPeriod = (typeof subscriptionPeriodValues)[number];

/** A plan's money and limits, as stored per school from a date. */
export const planTermsSchema = z.object({
  /** Commission on each payment, in basis points (150 = 1,5 %). */
  commissionRateBp: z.number().int().min(0).max(10_000),
  /** Francs collected without fees before the commission applies. */
  feeFreeVolumeXof: z.number().int().nonnegative(),
  /** Subscription in francs; null = sur devis. */
  subscriptionXof: z.number().int().nonnegative().nullable(),
  subscriptionPeriod: z.enum(subscriptionPeriodValues).nullable(),
  /** Staff users (active members + pending invitations); null = unlimited. */
  memberLimit: z.number().int().positive().nullable(),
  /** Reminders per month; null = unlimited. */
  remindersPerMonth: z.number().int().positive().nullable(),
});
export type PlanTerms = z.infer<typeof planTermsSchema>;

/** What a plan's card lists (the web has a sentence per key: `pricing.features.<key>`). */
export const planFeatureKeys = [
  'users',
  'usersUnlimited',
  'studentsUnlimited',
  'remindersPerMonth',
  'remindersUnlimited',
  'prioritySupport',
  'premiumSupport',
  'freeUpdates',
  'unlimitedTraining',
  'tailoredTraining',
  'firstAmountFree',
  'noPaymentFees',
  'dedicatedServer',
] as const;
export type PlanFeatureKey = (typeof planFeatureKeys)[number];

export interface PlanFeature {
  key: PlanFeatureKey;
  /** A count shown in the sentence (`{{quantity}}`). */
  quantity?: number;
  /** An amount in francs shown in the sentence (`{{amount}}`). */
  amountXof?: number;
}

export type PlanPrice =
  { kind: 'amount'; amountXof: number; period: SubscriptionPeriod } | { kind: 'quote' };

export interface PlanDefinition {
  id: PlanId;
  /** French name (the web translates by id). */
  label: string;
  price: PlanPrice;
  terms: PlanTerms;
  features: readonly PlanFeature[];
  /** The plan the landing page puts forward. */
  highlighted: boolean;
  /** Chosen by a quote (contact), not at sign-up by default. */
  onQuote: boolean;
}

/** Payments up to this amount carry no fee on the Découverte plan. */
export const DECOUVERTE_FEE_FREE_XOF = 1_000_000;
/** Staff users of a school on Découverte. */
export const DECOUVERTE_MEMBER_LIMIT = 5;

const reminders = 1000;
const extras: readonly PlanFeature[] = [
  { key: 'remindersPerMonth', quantity: reminders },
  { key: 'prioritySupport' },
  { key: 'freeUpdates' },
  { key: 'unlimitedTraining' },
];

export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  {
    id: 'decouverte',
    label: 'Découverte',
    price: { kind: 'amount', amountXof: 165_000, period: 'year' },
    terms: {
      commissionRateBp: 150,
      feeFreeVolumeXof: DECOUVERTE_FEE_FREE_XOF,
      subscriptionXof: 165_000,
      subscriptionPeriod: 'year',
      memberLimit: DECOUVERTE_MEMBER_LIMIT,
      remindersPerMonth: reminders,
    },
    features: [
      { key: 'users', quantity: DECOUVERTE_MEMBER_LIMIT },
      { key: 'studentsUnlimited' },
      ...extras,
      { key: 'firstAmountFree', amountXof: DECOUVERTE_FEE_FREE_XOF },
    ],
    highlighted: false,
    onQuote: false,
  },
  {
    id: 'croissance',
    label: 'Croissance',
    price: { kind: 'amount', amountXof: 0, period: 'month' },
    terms: {
      commissionRateBp: 200,
      feeFreeVolumeXof: 0,
      subscriptionXof: 0,
      subscriptionPeriod: 'month',
      memberLimit: null,
      remindersPerMonth: reminders,
    },
    features: [{ key: 'usersUnlimited' }, { key: 'studentsUnlimited' }, ...extras],
    highlighted: true,
    onQuote: false,
  },
  {
    id: 'personnalise',
    label: 'Personnalisé',
    price: { kind: 'quote' },
    terms: {
      commissionRateBp: 0,
      feeFreeVolumeXof: 0,
      subscriptionXof: null,
      subscriptionPeriod: null,
      memberLimit: null,
      remindersPerMonth: null,
    },
    features: [
      { key: 'noPaymentFees' },
      { key: 'studentsUnlimited' },
      { key: 'remindersUnlimited' },
      { key: 'usersUnlimited' },
      { key: 'dedicatedServer' },
      { key: 'premiumSupport' },
      { key: 'tailoredTraining' },
    ],
    highlighted: false,
    onQuote: true,
  },
];

/** The plan a school gets when it names none at sign-up. */
export const DEFAULT_PLAN: PlanId = 'croissance';

export function planDefinition(id: PlanId): PlanDefinition {
  const plan = PLAN_CATALOGUE.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** `150` → `1,5 %` (French). */
export function formatCommissionRate(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}

/** `GET /api/settings/plan`: the school's plan, since when, its stored terms and its usage. */
export const schoolPlanResponseSchema = z.object({
  plan: planIdSchema,
  since: z.string(),
  terms: planTermsSchema,
  usage: z.object({
    /** Active members + pending unexpired invitations. */
    members: z.number().int().nonnegative(),
    memberLimit: z.number().int().positive().nullable(),
  }),
});
export type SchoolPlanResponse = z.infer<typeof schoolPlanResponseSchema>;

/** `PUT /api/settings/plan`. */
export const updatePlanRequestSchema = z.object({
  plan: z.enum(planIds, {
    error: 'Choisissez une formule : Découverte, Croissance ou Personnalisé.',
  }),
});
export type UpdatePlanRequest = z.infer<typeof updatePlanRequestSchema>;
