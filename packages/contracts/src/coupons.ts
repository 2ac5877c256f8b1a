import { z } from 'zod';
import { francsSchema, isoDaySchema, pageOf, pageQuery, pageSizeQuery } from './common';

/**
 * Coupons (« Marketing » › Coupons; billing owns them): a code a parent types on the
 * pre-registration form or the pay page, or a cashier at the desk, applied as a discount line of
 * one invoice (never an edit of its amount). One use = one invoice.
 */
export const couponKindValues = ['percent', 'fixed'] as const;
export type CouponKind = (typeof couponKindValues)[number];
export const couponKindLabels: Record<CouponKind, string> = {
  percent: 'Pourcentage',
  fixed: 'Montant fixe (FCFA)',
};

export const couponScopeValues = ['all', 'programme', 'level', 'registration'] as const;
export type CouponScope = (typeof couponScopeValues)[number];
export const couponScopeLabels: Record<CouponScope, string> = {
  all: 'Toutes les factures',
  programme: 'Un programme',
  level: 'Un niveau',
  registration: 'Frais d’inscription uniquement',
};

/** Derived, never typed: désactivé (by staff) › expiré (past its last day) › épuisé › actif. */
export const couponStatusValues = ['active', 'expired', 'exhausted', 'disabled'] as const;
export type CouponStatus = (typeof couponStatusValues)[number];
export const couponStatusLabels: Record<CouponStatus, string> = {
  active: 'Actif',
  expired: 'Expiré',
  exhausted: 'Épuisé',
  disabled: 'Désactivé',
};

export const couponRedemptionChannelValues = [
  'pre_registration',
  'payment_link',
  'pay_page',
  'desk',
] as const;
export type CouponRedemptionChannel = (typeof couponRedemptionChannelValues)[number];
export const couponRedemptionChannelLabels: Record<CouponRedemptionChannel, string> = {
  pre_registration: 'Pré-inscription',
  payment_link: 'Lien de paiement',
  pay_page: 'Page de paiement',
  desk: 'Caisse',
};

/** reserved: held by a pre-registration not yet accepted (counts towards the limits). */
export const couponRedemptionStatusValues = ['reserved', 'applied', 'released'] as const;
export type CouponRedemptionStatus = (typeof couponRedemptionStatusValues)[number];
export const couponRedemptionStatusLabels: Record<CouponRedemptionStatus, string> = {
  reserved: 'Réservé',
  applied: 'Appliqué',
  released: 'Libéré',
};

export const CouponMessages = {
  codeFormat:
    'Le code doit compter 3 à 30 caractères : lettres sans accent, chiffres ou tirets (ex. RENTREE-2026).',
  codeTaken: 'Ce code est déjà utilisé par un autre coupon de l’école.',
  percentRange: 'Le pourcentage doit être compris entre 1 et 100.',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début.',
  scopeTarget: 'Choisissez le programme ou le niveau auquel le coupon s’applique.',
  notFound: 'Coupon introuvable.',
  unknownCode: 'Ce code promo n’existe pas pour cette école.',
  notYetValid: 'Ce coupon n’est valable qu’à partir du {date}.',
  expired: 'Ce coupon a expiré le {date}.',
  exhausted: 'Ce coupon a atteint son nombre maximal d’utilisations.',
  familyLimit: 'Votre famille a déjà utilisé ce coupon le nombre de fois permis.',
  disabled: 'Ce coupon a été désactivé par l’école.',
  notApplicable: 'Ce coupon ne s’applique à aucune des factures choisies.',
  overInvoice:
    'La remise de ce coupon ({amount}) dépasse le reste à payer de la facture ({balance}).',
  alreadyOnInvoice: 'Ce coupon est déjà appliqué à cette facture.',
} as const;

/** Upper-cased, trimmed; letters without accents, digits and dashes. */
export const couponCodeSchema = z
  .string({ error: CouponMessages.codeFormat })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,28}[A-Z0-9]$/, CouponMessages.codeFormat);

const usesLimit = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre entier.` })
    .int(`${label} doit être un nombre entier.`)
    .min(1, `${label} doit être au moins 1.`)
    .max(1_000_000, `${label} ne peut pas dépasser 1 000 000.`)
    .nullable();

const couponFields = {
  code: couponCodeSchema,
  description: z.string().trim().max(200, '200 caractères au plus.').default(''),
  kind: z.enum(couponKindValues, { error: 'Type de coupon invalide.' }),
  /** Percent (1–100) or francs, according to `kind`. */
  value: francsSchema('La valeur', 1),
  scope: z.enum(couponScopeValues, { error: 'Portée du coupon invalide.' }),
  programmeId: z.uuid('Programme introuvable.').nullable().default(null),
  levelId: z.uuid('Niveau introuvable.').nullable().default(null),
  validFrom: isoDaySchema,
  validUntil: isoDaySchema,
  /** Uses in all; null = no limit. */
  maxUses: usesLimit('La limite totale').default(null),
  /** Uses per family (the paying guardian); null = no limit. */
  maxUsesPerFamily: usesLimit('La limite par famille').default(null),
};

function checkCoupon(
  body: {
    kind: CouponKind;
    value: number;
    scope: CouponScope;
    programmeId: string | null;
    levelId: string | null;
    validFrom: string;
    validUntil: string;
  },
  context: z.RefinementCtx,
) {
  if (body.kind === 'percent' && body.value > 100) {
    context.addIssue({ code: 'custom', path: ['value'], message: CouponMessages.percentRange });
  }
  if (body.validUntil < body.validFrom) {
    context.addIssue({
      code: 'custom',
      path: ['validUntil'],
      message: CouponMessages.endBeforeStart,
    });
  }
  if (
    (body.scope === 'programme' && !body.programmeId) ||
    (body.scope === 'level' && !body.levelId)
  ) {
    context.addIssue({
      code: 'custom',
      path: [body.scope === 'level' ? 'levelId' : 'programmeId'],
      message: CouponMessages.scopeTarget,
    });
  }
}

export const couponRequestSchema = z.object(couponFields).strict().superRefine(checkCoupon);
export type CouponRequest = z.infer<typeof couponRequestSchema>;

export const couponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(couponKindValues),
  value: z.number().int(),
  scope: z.enum(couponScopeValues),
  programme: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  level: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  maxUses: z.number().int().nullable(),
  maxUsesPerFamily: z.number().int().nullable(),
  /** Reserved + applied uses. */
  uses: z.number().int(),
  /** Francs deducted by its applied uses. */
  discountTotal: z.number().int(),
  status: z.enum(couponStatusValues),
  disabled: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = pageOf(couponSchema);

export const couponListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(couponStatusValues).optional(),
  scope: z.enum(couponScopeValues).optional(),
  archived: z.enum(['true', 'false']).default('false'),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});

export const couponParamsSchema = z.object({ couponId: z.uuid(CouponMessages.notFound) });

/** « Désactiver » / « Réactiver » / « Archiver » from the action column. */
export const couponActionRequestSchema = z.object({
  action: z.enum(['disable', 'enable', 'archive'], { error: 'Action invalide.' }),
});

export const couponRedemptionSchema = z.object({
  id: z.uuid(),
  student: z.object({ id: z.uuid(), fullName: z.string(), matricule: z.string() }),
  invoiceNumber: z.string().nullable(),
  amount: z.number().int(),
  channel: z.enum(couponRedemptionChannelValues),
  status: z.enum(couponRedemptionStatusValues),
  by: z.string(),
  createdAt: z.string(),
});
export type CouponRedemption = z.infer<typeof couponRedemptionSchema>;
export const couponRedemptionListSchema = pageOf(couponRedemptionSchema);
export const couponRedemptionListQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});

/** The desk's « Appliquer un coupon » on one invoice. */
export const deskCouponRequestSchema = z.object({
  code: couponCodeSchema,
  invoiceId: z.uuid('Facture introuvable.'),
});
/** What a coupon did: the invoice's line and what is left to pay. */
export const appliedCouponSchema = z.object({
  code: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  discount: z.number().int(),
  balance: z.number().int(),
  label: z.string(),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/** A label for the line: « Coupon RENTREE-2026 (−10 %) ». */
export function couponLineLabel(code: string, kind: CouponKind, value: number): string {
  const amount =
    kind === 'percent'
      ? `−${value} %`
      : `−${value.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ')} FCFA`;
  return `Coupon ${code} (${amount})`;
}
