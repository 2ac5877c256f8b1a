import { z } from 'zod';
import { kpiSchema } from './dashboard';
import { paymentChannelValues } from './payments';

/**
 * « Statistiques » (spec §2; issue 20): the school's money and the traffic of its public pages,
 * filtered on the server. Query names are the address's (`?periode=…&programme=…`), so a copied
 * address shows the same figures.
 */

/** How a payment was made, as the advanced filters group the methods. */
export const paymentSourceValues = ['mobile_money', 'card', 'cash', 'cheque', 'transfer'] as const;
export type PaymentSource = (typeof paymentSourceValues)[number];
export const paymentSourceLabels: Record<PaymentSource, string> = {
  mobile_money: 'Mobile money',
  card: 'Carte bancaire',
  cash: 'Espèces',
  cheque: 'Chèque',
  transfer: 'Virement',
};

/**
 * Where a visit came from (research §6): no referrer (`direct`), another site (`referral`), a
 * social network (`social`), a tagged link (`campaign`, utm_*). A payment made at the cash desk
 * came through no page (`desk`).
 */
export const trafficChannelValues = ['direct', 'referral', 'social', 'campaign'] as const;
export type TrafficChannel = (typeof trafficChannelValues)[number];
export const salesChannelValues = [...trafficChannelValues, 'desk'] as const;
export type SalesChannel = (typeof salesChannelValues)[number];
export const salesChannelLabels: Record<SalesChannel, string> = {
  direct: 'Direct',
  referral: 'Référent',
  social: 'Réseaux Sociaux',
  campaign: 'Campagnes',
  desk: 'Caisse',
};

/** The school's public pages the beacon reports (never their address: links carry tokens). */
export const publicPageValues = ['paiement', 'lien', 'inscription', 'recu'] as const;
export type PublicPage = (typeof publicPageValues)[number];

/** Ages the advanced filters accept (« atteint dans l'année »: the year of the period − birth year). */
export const STATISTICS_AGE_MIN = 0;
export const STATISTICS_AGE_MAX = 120;

export const StatisticsMessages = {
  agesReversed: 'L’âge minimum doit être inférieur ou égal à l’âge maximum.',
  ageOutOfRange: `Indiquez un âge entre ${STATISTICS_AGE_MIN} et ${STATISTICS_AGE_MAX} ans.`,
  periodUnknown: 'Période inconnue : choisissez « Année à ce jour » ou une année de l’école.',
  programmeNotFound: 'Programme introuvable.',
  sourceUnknown: 'Source de paiement inconnue.',
  providerUnknown: 'Opérateur inconnu.',
} as const;

const age = z.coerce
  .number({ error: StatisticsMessages.ageOutOfRange })
  .int({ error: StatisticsMessages.ageOutOfRange })
  .min(STATISTICS_AGE_MIN, { error: StatisticsMessages.ageOutOfRange })
  .max(STATISTICS_AGE_MAX, { error: StatisticsMessages.ageOutOfRange });

/**
 * `GET /api/statistics` query: `periode` is `ytd` (Année à ce jour, the default) or a calendar
 * year (`2025`); `programme` a programme id of the school; `ageMin`/`ageMax` ages reached in the
 * period's year; `source` a group of methods; `operateur` a provider or `desk`.
 */
export const statisticsQuerySchema = z
  .object({
    periode: z
      .string()
      .regex(/^(ytd|\d{4})$/, { error: StatisticsMessages.periodUnknown })
      .default('ytd'),
    programme: z.uuid({ error: StatisticsMessages.programmeNotFound }).optional(),
    ageMin: age.optional(),
    ageMax: age.optional(),
    source: z.enum(paymentSourceValues, { error: StatisticsMessages.sourceUnknown }).optional(),
    operateur: z
      .enum(paymentChannelValues, { error: StatisticsMessages.providerUnknown })
      .optional(),
  })
  .strict()
  .refine(
    (query) =>
      query.ageMin === undefined || query.ageMax === undefined || query.ageMin <= query.ageMax,
    {
      error: StatisticsMessages.agesReversed,
      path: ['ageMin'],
    },
  );
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** A span of school days, both ends included (YYYY-MM-DD). */
export const dayRangeSchema = z.object({ from: z.string(), to: z.string() });

/** `GET /api/statistics/options`: what the period and programme lists offer. */
export const statisticsOptionsSchema = z.object({
  /** `ytd` first, then each calendar year the school has payments, invoices or visits in, newest first. */
  periods: z.array(z.object({ key: z.string(), label: z.string() })),
  programmes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  sources: z.array(z.enum(paymentSourceValues)),
  providers: z.array(z.enum(paymentChannelValues)),
});
export type StatisticsOptions = z.infer<typeof statisticsOptionsSchema>;

/** The four cards of the public pages' traffic (spec §2), over the period vs the previous one. */
export const trafficCardsSchema = z.object({
  /** Daily-unique visitors summed over the days (no cookie: an id per day). */
  visitors: kpiSchema,
  /** Percent of visitors who pre-registered or paid, one decimal. */
  conversionRate: kpiSchema,
  /** Percent of visits of one page without interaction, one decimal. */
  bounceRate: kpiSchema,
  /** Seconds, the average visit (bounces count 0). */
  averageSessionSeconds: kpiSchema,
  visits: z.number().int(),
  pageviews: z.number().int(),
  conversions: z.number().int(),
});
export type TrafficCards = z.infer<typeof trafficCardsSchema>;

/** The school's money over the period vs the previous one. */
export const moneyCardsSchema = z.object({
  /** Francs received (refunds deducted). */
  collected: kpiSchema,
  /** Percent of what fell due in the period (to date) that is paid, one decimal. */
  collectionRate: kpiSchema,
  /** Francs still unpaid of what fell due in the period before today. */
  overdue: kpiSchema,
  /** Days from due date to payment, amount-weighted, one decimal (negative: paid early). */
  averageDaysToPay: kpiSchema,
});
export type MoneyCards = z.infer<typeof moneyCardsSchema>;

export const ageingBucketValues = [
  'not_due',
  'days_0_30',
  'days_31_60',
  'days_61_90',
  'over_90',
] as const;
export type AgeingBucket = (typeof ageingBucketValues)[number];

/** `GET /api/statistics` (read:statistics). */
export const statisticsSchema = z.object({
  period: z.object({
    key: z.string(),
    label: z.string(),
    current: dayRangeSchema,
    previous: dayRangeSchema,
  }),
  /** False when the period holds no payment, invoice nor visit under the filters: an empty state. */
  hasData: z.boolean(),
  /** Null when the period has no visit (the filters of money do not apply to traffic). */
  traffic: trafficCardsSchema.nullable(),
  money: moneyCardsSchema,
  /** One row per month of the period: francs received, and the same month a year before. */
  monthlyRevenue: z.array(
    z.object({ month: z.string(), amount: z.number().int(), previousAmount: z.number().int() }),
  ),
  /** Programmes by money received, with their enrolled students and collection rate. */
  topProgrammes: z.array(
    z.object({
      programmeId: z.uuid(),
      name: z.string(),
      enrolments: z.number().int(),
      collected: z.number().int(),
      due: z.number().int(),
      collectionRate: z.number().nullable(),
    }),
  ),
  /** Money received by the channel its payer came through; `total` is the donut's centre. */
  salesByChannel: z.object({
    total: z.number().int(),
    channels: z.array(
      z.object({
        channel: z.enum(salesChannelValues),
        amount: z.number().int(),
        payments: z.number().int(),
      }),
    ),
  }),
  /** What fell due in the period and what of it is paid, per programme and level. */
  collectionByLevel: z.array(
    z.object({
      programmeId: z.uuid().nullable(),
      programmeName: z.string(),
      levelId: z.uuid().nullable(),
      levelName: z.string(),
      due: z.number().int(),
      paid: z.number().int(),
      collectionRate: z.number().nullable(),
    }),
  ),
  /** Open balances today by days past due (filters of programme and age apply). */
  ageing: z.array(
    z.object({
      bucket: z.enum(ageingBucketValues),
      amount: z.number().int(),
      invoices: z.number().int(),
    }),
  ),
  /** With an age filter: students left out because their birth date is unknown. */
  studentsWithoutBirthDate: z.number().int().nullable(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** One bucket of the cash forecast: the expected francs and its 80 % range. */
export const forecastBucketSchema = z.object({
  /** First and last day of the week or month (school days). */
  from: z.string(),
  to: z.string(),
  expected: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
  /** Francs already received in this bucket (the current week or month), else 0. */
  received: z.number().int(),
});

/** `GET /api/statistics/forecast` (read:statistics): the next three months' expected collections. */
export const cashForecastSchema = z.object({
  asOf: z.string(),
  /**
   * `school`: from the school's own payment lags; `platform`: a new school, from every school's;
   * `reference`: neither has enough mature history, a documented reference curve.
   */
  basis: z.enum(['school', 'platform', 'reference']),
  /** How the 80 % range was made: from the backtest's errors, or from the items' own spread. */
  rangeMethod: z.enum(['backtest', 'analytical']),
  weeks: z.array(forecastBucketSchema),
  months: z.array(forecastBucketSchema),
  /** « Précision sur les 6 derniers mois »: null without enough history to measure. */
  accuracy: z
    .object({
      /** Mean absolute percentage error of the monthly forecast made a month ahead, one decimal. */
      mape: z.number(),
      /** 100 − MAPE, floored at 0, one decimal: what the screen says. */
      accuracyPercent: z.number(),
      /** Share of the months whose actual fell in the 80 % range, percent. */
      coverage: z.number(),
      months: z.array(
        z.object({
          month: z.string(),
          forecast: z.number().int(),
          actual: z.number().int(),
        }),
      ),
    })
    .nullable(),
});
export type CashForecast = z.infer<typeof cashForecastSchema>;

/**
 * `POST /api/public/visits`: the beacon of the public pages (`navigator.sendBeacon`, text/plain).
 * `s` the school's slug, `p` the page, `r` the referrer, `q` the address's query (utm_* only are
 * read), `e` `pageview` (default) or `engagement` (the visitor interacted: not a bounce).
 */
export const visitBeaconSchema = z
  .object({
    s: z.string().min(1).max(80),
    p: z.enum(publicPageValues),
    r: z.string().max(500).optional(),
    q: z.string().max(500).optional(),
    e: z.enum(['pageview', 'engagement']).optional(),
  })
  .strict();
export type VisitBeacon = z.infer<typeof visitBeaconSchema>;
