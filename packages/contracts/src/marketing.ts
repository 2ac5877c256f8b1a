import { z } from 'zod';
import { francsSchema, isoDaySchema, nameSchema, pageOf, pageQuery, pageSizeQuery } from './common';

/**
 * « Marketing » › Campagnes (module `marketing`): a campaign's tracking links (our short links with
 * UTM tags) and poster QR code lead to the pre-registration form or the pay page; conversions are
 * attributed last-touch within 30 days and stored on the pre-registration; ROI = attributed revenue
 * collected / spend, never typed. An e-mail or SMS campaign is really sent through messaging.
 */
export const campaignChannelValues = ['facebook', 'google_ads', 'email', 'sms', 'poster'] as const;
export type CampaignChannel = (typeof campaignChannelValues)[number];
export const campaignChannelLabels: Record<CampaignChannel, string> = {
  facebook: 'Facebook',
  google_ads: 'Google Ads',
  email: 'E-mail',
  sms: 'SMS',
  poster: 'Affiche / QR',
};
/** The utm_source / utm_medium of each channel's links. */
export const campaignChannelUtm: Record<CampaignChannel, { source: string; medium: string }> = {
  facebook: { source: 'facebook', medium: 'social' },
  google_ads: { source: 'google', medium: 'cpc' },
  email: { source: 'email', medium: 'email' },
  sms: { source: 'sms', medium: 'sms' },
  poster: { source: 'affiche', medium: 'qr' },
};

/**
 * Derived, never typed: Terminée (past its last day) › Complète (spend reached the budget) ›
 * En pause (paused by staff) › Actif.
 */
export const campaignStatusValues = ['active', 'completed', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof campaignStatusValues)[number];
export const campaignStatusLabels: Record<CampaignStatus, string> = {
  active: 'Actif',
  completed: 'Complète',
  paused: 'En pause',
  ended: 'Terminée',
};

export function campaignStatusOf(
  campaign: { paused: boolean; endsOn: string; budget: number; spend: number },
  today: string,
): CampaignStatus {
  if (campaign.endsOn < today) return 'ended';
  if (campaign.budget > 0 && campaign.spend >= campaign.budget) return 'completed';
  if (campaign.paused) return 'paused';
  return 'active';
}

export const campaignDestinationValues = ['pre_registration', 'pay_page'] as const;
export type CampaignDestination = (typeof campaignDestinationValues)[number];
export const campaignDestinationLabels: Record<CampaignDestination, string> = {
  pre_registration: 'Formulaire de pré-inscription',
  pay_page: 'Page de paiement',
};

/** Who an e-mail or SMS campaign is sent to. */
export const campaignAudienceValues = ['guardians', 'subscribers'] as const;
export type CampaignAudience = (typeof campaignAudienceValues)[number];
export const campaignAudienceLabels: Record<CampaignAudience, string> = {
  guardians: 'Parents et responsables',
  subscribers: 'Abonnés aux nouvelles de l’école',
};

/** Days a campaign touch counts for a later pre-registration (last touch wins). */
export const CAMPAIGN_ATTRIBUTION_DAYS = 30;

export const CampaignMessages = {
  notFound: 'Campagne introuvable.',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début.',
  messageRequired: 'Rédigez le message envoyé aux destinataires.',
  subjectRequired: 'Indiquez l’objet de l’e-mail.',
  audienceRequired: 'Choisissez les destinataires de la campagne.',
  notSendable: 'Seules les campagnes E-mail et SMS s’envoient depuis Écolage.',
  alreadySent: 'Cette campagne a déjà été envoyée.',
  notActive: 'Seule une campagne active peut être envoyée.',
  linkNotFound: 'Lien de campagne introuvable.',
  linkOtherSchool: 'Ce lien de campagne appartient à une autre école.',
  noRecipients: 'Aucun destinataire joignable pour cette campagne.',
  archived: 'Cette campagne est archivée : elle ne se modifie plus.',
} as const;

const messageFields = {
  /** E-mail subject (e-mail campaigns). */
  subject: z.string().trim().max(150, '150 caractères au plus.').default(''),
  /** Text of the e-mail or SMS; `{lien}` is replaced by the campaign's tracking link. */
  body: z.string().trim().max(2000, '2 000 caractères au plus.').default(''),
  audience: z
    .enum(campaignAudienceValues, { error: 'Destinataires invalides.' })
    .nullable()
    .default(null),
};

const campaignFields = {
  name: nameSchema('Le nom de la campagne est obligatoire.', 80),
  channel: z.enum(campaignChannelValues, { error: 'Canal invalide.' }),
  budget: francsSchema('Le budget'),
  spend: francsSchema('La dépense').default(0),
  startsOn: isoDaySchema,
  endsOn: isoDaySchema,
  destination: z
    .enum(campaignDestinationValues, { error: 'Destination invalide.' })
    .default('pre_registration'),
  ...messageFields,
};

function checkCampaign(
  body: {
    channel: CampaignChannel;
    startsOn: string;
    endsOn: string;
    subject: string;
    body: string;
    audience: CampaignAudience | null;
  },
  context: z.RefinementCtx,
) {
  if (body.endsOn < body.startsOn) {
    context.addIssue({
      code: 'custom',
      path: ['endsOn'],
      message: CampaignMessages.endBeforeStart,
    });
  }
  if (body.channel === 'email' || body.channel === 'sms') {
    if (!body.body) {
      context.addIssue({
        code: 'custom',
        path: ['body'],
        message: CampaignMessages.messageRequired,
      });
    }
    if (body.channel === 'email' && !body.subject) {
      context.addIssue({
        code: 'custom',
        path: ['subject'],
        message: CampaignMessages.subjectRequired,
      });
    }
    if (!body.audience) {
      context.addIssue({
        code: 'custom',
        path: ['audience'],
        message: CampaignMessages.audienceRequired,
      });
    }
  }
}

export const campaignRequestSchema = z.object(campaignFields).strict().superRefine(checkCampaign);
export type CampaignRequest = z.infer<typeof campaignRequestSchema>;

export const campaignSendingSchema = z.object({
  /** null before « Envoyer ». */
  sentAt: z.string().nullable(),
  recipients: z.number().int(),
  /** Recipients skipped because they opted out of the school's news. */
  optedOut: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export type CampaignSending = z.infer<typeof campaignSendingSchema>;

export const campaignResultsSchema = z.object({
  /** Unique visitors (a visitor a day, cookie-less) through the campaign's links. */
  reach: z.number().int(),
  clicks: z.number().int(),
  /** Pre-registrations attributed (last touch within 30 days). */
  registrations: z.number().int(),
  /** Of those, accepted (the student enrolled). */
  enrolments: z.number().int(),
  /** Francs collected from the attributed students, plus payments made through its links. */
  revenue: z.number().int(),
  /** revenue / spend, one decimal (2.5 = « 2,5x »); null without spend. */
  roi: z.number().nullable(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const campaignSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  channel: z.enum(campaignChannelValues),
  status: z.enum(campaignStatusValues),
  paused: z.boolean(),
  archived: z.boolean(),
  budget: z.number().int(),
  spend: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string(),
  destination: z.enum(campaignDestinationValues),
  /** The utm_campaign tag of its links (unique per school). */
  code: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.enum(campaignAudienceValues).nullable(),
  results: campaignResultsSchema,
  sending: campaignSendingSchema.nullable(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = pageOf(campaignSchema);

export const campaignListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(campaignStatusValues).optional(),
  channel: z.enum(campaignChannelValues).optional(),
  archived: z.enum(['true', 'false']).default('false'),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});

export const campaignParamsSchema = z.object({ campaignId: z.uuid(CampaignMessages.notFound) });

/** The action column: pause, resume, duplicate, archive (edit is PUT). */
export const campaignActionRequestSchema = z.object({
  action: z.enum(['pause', 'resume', 'duplicate', 'archive'], { error: 'Action invalide.' }),
});

export const campaignLinkRequestSchema = z
  .object({
    label: nameSchema('Nommez ce lien (ex. « Publication du 3 septembre »).', 60),
    destination: z.enum(campaignDestinationValues, { error: 'Destination invalide.' }).optional(),
  })
  .strict();
export const campaignLinkSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  destination: z.enum(campaignDestinationValues),
  /** Our short link (`https://…/s/<code>`), what is published. */
  shortUrl: z.string(),
  /** Where it leads, with its utm_* tags. */
  targetUrl: z.string(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type CampaignLink = z.infer<typeof campaignLinkSchema>;
export const campaignLinkListSchema = z.array(campaignLinkSchema);
export const campaignLinkParamsSchema = z.object({
  campaignId: z.uuid(CampaignMessages.notFound),
  linkId: z.uuid(CampaignMessages.linkNotFound),
});

/** KPI cards: the period's figure and its change against the period before (one decimal, %). */
export const marketingKpiSchema = z.object({
  value: z.number(),
  previous: z.number(),
  change: z.number().nullable(),
});
export const marketingKpisQuerySchema = z.object({
  /** Days of the period, ending today (the school's day); compared with as many days before. */
  jours: z.coerce
    .number({ error: 'Période invalide.' })
    .int('Période invalide.')
    .min(7, 'La période compte 7 jours au moins.')
    .max(366, 'La période compte 366 jours au plus.')
    .default(30),
});
export const marketingKpisSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Unique visitors through the school's campaign links. */
  reach: marketingKpiSchema,
  /** Pre-registrations and enrolments attributed to a campaign. */
  conversions: marketingKpiSchema,
  /** Percent of campaign visits that were not bounces (one decimal). */
  engagementRate: marketingKpiSchema,
  /** Francs spent by the campaigns running in the period (pro rata of their days). */
  spend: marketingKpiSchema,
});
export type MarketingKpis = z.infer<typeof marketingKpisSchema>;

/** The school's newsletter: the pre-registration page's « Recevoir les nouvelles de l'école ». */
export const schoolSubscriberRequestSchema = z
  .object({
    email: z.email('Adresse e-mail invalide.').max(200).optional(),
    phone: z.string().trim().max(30).optional(),
    name: z.string().trim().max(120).default(''),
  })
  .refine((body) => Boolean(body.email || body.phone), {
    message: 'Indiquez une adresse e-mail ou un numéro de téléphone.',
    path: ['email'],
  });
export type SchoolSubscriberRequest = z.infer<typeof schoolSubscriberRequestSchema>;

export const schoolSubscriberSourceValues = ['pre_registration', 'form'] as const;
export const schoolSubscriberSourceLabels: Record<
  (typeof schoolSubscriberSourceValues)[number],
  string
> = {
  pre_registration: 'Formulaire de pré-inscription',
  form: 'Formulaire d’abonnement',
};

export const SchoolSubscriberMessages = {
  notFound: 'Abonné introuvable.',
} as const;

/** `GET /api/marketing/subscribers`: the school's subscribers, newest first. */
export const schoolSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  name: z.string(),
  source: z.enum(schoolSubscriberSourceValues),
  subscribedAt: z.string(),
  /** Set when staff removed them; subscribing again clears it. */
  unsubscribedAt: z.string().nullable(),
});
export type SchoolSubscriber = z.infer<typeof schoolSubscriberSchema>;
export const schoolSubscriberListSchema = pageOf(schoolSubscriberSchema);
export const schoolSubscriberListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ...pageQuery,
  pageSize: pageSizeQuery(20),
});
export const schoolSubscriberParamsSchema = z.object({
  subscriberId: z.uuid(SchoolSubscriberMessages.notFound),
});

/** `POST /api/marketing/campaigns/:campaignId/send`: the sending as recorded. */
export const campaignSendResultSchema = z.object({ sending: campaignSendingSchema });
export type CampaignSendResult = z.infer<typeof campaignSendResultSchema>;
