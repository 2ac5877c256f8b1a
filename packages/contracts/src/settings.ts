import { z } from 'zod';
import { schoolNameSchema } from './auth';
import { optionalEmailSchema, optionalPhoneSchema } from './phone';
import { planIdSchema } from './organizations';

/**
 * « Paramètres »: the school's identity, bank details and KYC documents (« Détails de
 * l'organisation »), its appearance, its notices (module `settings`, spec §2–§3, §9).
 */

/** The UEMOA's countries (the school's country, ISO 3166-1 alpha-2). */
export const schoolCountryValues = ['TG', 'BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN'] as const;
export type SchoolCountry = (typeof schoolCountryValues)[number];
export const schoolCountryLabels: Record<SchoolCountry, string> = {
  TG: 'Togo',
  BJ: 'Bénin',
  BF: 'Burkina Faso',
  CI: "Côte d'Ivoire",
  GW: 'Guinée-Bissau',
  ML: 'Mali',
  NE: 'Niger',
  SN: 'Sénégal',
};

function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The school's identity as « Détails de l'organisation » shows it. */
export const schoolIdentitySchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** E.164 or null. */
  supportPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
});
export type SchoolIdentity = z.infer<typeof schoolIdentitySchema>;

/** `PUT /api/settings/details`. */
export const updateSchoolDetailsRequestSchema = z.object({
  name: schoolNameSchema,
  supportPhone: optionalPhoneSchema,
  contactEmail: optionalEmailSchema,
  address: optionalText(200, "L'adresse"),
  city: optionalText(100, 'La ville'),
  country: z.enum(schoolCountryValues, { error: 'Choisissez un pays de l’UEMOA.' }),
});
export type UpdateSchoolDetailsRequest = z.input<typeof updateSchoolDetailsRequestSchema>;

/** The school's bank details; RIB and IBAN masked (`•••• 0070`) for members who cannot edit. */
export const bankDetailsSchema = z.object({
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  rib: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** RIB and IBAN are shown masked (the reader lacks `manage:settings`). */
  masked: z.boolean(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

function bankText(max: number, message: string) {
  return z
    .string()
    .max(max + 20, message)
    .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .pipe(z.string().max(max, message));
}

/**
 * `PUT /api/settings/bank`: the member's password confirms the change (payout fraud). The RIB key,
 * the IBAN's check digits and the BIC's shape are checked by the server with `bank-account.ts`
 * (BANK_RIB_KEY_INVALID, BANK_IBAN_INVALID, BANK_BIC_INVALID on their fields).
 */
export const updateBankDetailsRequestSchema = z.object({
  bankName: z
    .string({ error: 'Le nom de la banque est obligatoire.' })
    .trim()
    .min(2, 'Le nom de la banque est obligatoire.')
    .max(120, 'Le nom de la banque ne doit pas dépasser 120 caractères.'),
  accountHolder: z
    .string({ error: 'Le titulaire du compte est obligatoire.' })
    .trim()
    .min(2, 'Le titulaire du compte est obligatoire.')
    .max(160, 'Le titulaire du compte ne doit pas dépasser 160 caractères.'),
  rib: bankText(24, 'Le RIB compte 24 caractères.')
    .nullish()
    .transform((value) => value || null),
  iban: bankText(34, "L'IBAN compte au plus 34 caractères.")
    .nullish()
    .transform((value) => value || null),
  bic: bankText(11, 'Le BIC compte 8 ou 11 caractères.'),
  password: z
    .string({ error: 'Confirmez avec votre mot de passe.' })
    .min(1, 'Confirmez avec votre mot de passe.')
    .max(128),
});
export type UpdateBankDetailsRequest = z.input<typeof updateBankDetailsRequestSchema>;

/** KYC documents a school sends (« Connaissance client »), one kind each. */
export const kycDocumentKindValues = [
  'statuts',
  'autorisation',
  'piece_identite',
  'justificatif_bancaire',
] as const;
export type KycDocumentKind = (typeof kycDocumentKindValues)[number];
export const kycDocumentKindLabels: Record<KycDocumentKind, string> = {
  statuts: 'Statuts ou registre du commerce (RCCM)',
  autorisation: "Autorisation d'ouverture de l'établissement",
  piece_identite: 'Pièce d’identité du responsable',
  justificatif_bancaire: 'Attestation bancaire (RIB)',
};
export const kycDocumentKindSchema = z.enum(kycDocumentKindValues, {
  error: 'Choisissez le type de document.',
});

export const kycDocumentStatusValues = ['soumis', 'valide', 'refuse'] as const;
export type KycDocumentStatus = (typeof kycDocumentStatusValues)[number];
/** The school's KYC as a whole: every kind validated → valide; any refused → refuse… */
export const kycStatusValues = ['a_envoyer', 'soumis', 'valide', 'refuse'] as const;
export type KycStatus = (typeof kycStatusValues)[number];
export const kycStatusLabels: Record<KycStatus, string> = {
  a_envoyer: 'À envoyer',
  soumis: 'Soumis',
  valide: 'Validé',
  refuse: 'Refusé',
};

/** Files a KYC document may be (by their bytes): PDF, JPEG, PNG; 5 Mo at most. */
export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const kycAcceptedMimeTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const kycAcceptAttribute = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The latest upload of one kind. */
export const kycDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(kycDocumentKindValues),
  fileName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  status: z.enum(kycDocumentStatusValues),
  refusalReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycSummarySchema = z.object({
  status: z.enum(kycStatusValues),
  /** One entry per kind, in the catalogue's order; `document` null when none was sent. */
  documents: z.array(
    z.object({ kind: z.enum(kycDocumentKindValues), document: kycDocumentSchema.nullable() }),
  ),
});
export type KycSummary = z.infer<typeof kycSummarySchema>;

/** `GET /api/settings/details`. */
export const schoolDetailsResponseSchema = z.object({
  identity: schoolIdentitySchema,
  bank: bankDetailsSchema,
  kyc: kycSummarySchema,
});
export type SchoolDetailsResponse = z.infer<typeof schoolDetailsResponseSchema>;

export const kycDocumentParamsSchema = z.object({ documentId: z.uuid('Document introuvable.') });

/** `POST /api/settings/kyc-documents` answers the new document. */
export const kycUploadResponseSchema = kycDocumentSchema;

/** The operator's review of one document (operator console). */
export const kycReviewRequestSchema = z.object({
  decision: z.enum(['valide', 'refuse'], { error: 'Choisissez : valider ou refuser.' }),
  reason: z
    .string()
    .trim()
    .max(500, 'Le motif ne doit pas dépasser 500 caractères.')
    .nullish()
    .transform((value) => value || null),
});
export type KycReviewRequest = z.input<typeof kycReviewRequestSchema>;

/** Themes of the back office. */
export const themeValues = ['dark', 'light'] as const;
export type Theme = (typeof themeValues)[number];
export const themeSchema = z.enum(themeValues, { error: 'Choisissez le thème clair ou sombre.' });

/** The default main colour (spec §9). */
export const DEFAULT_BRAND_COLOR = '#484D9B';
export const brandColorSchema = z
  .string({ error: 'Choisissez une couleur (format #RRGGBB, ex. #484D9B).' })
  .trim()
  .max(20, 'Choisissez une couleur (format #RRGGBB, ex. #484D9B).');
/** `#484d9b` → `#484D9B`; null when it is not a #RRGGBB colour. */
export function normaliseBrandColor(value: string): string | null {
  const trimmed = value.trim();
  return /^#[0-9a-fA-F]{6}$/.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** Logos: PNG, JPEG or WebP (by their bytes), 2 Mo at most; stored as a 512 px PNG. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE = 512;
export const logoAcceptAttribute = 'image/png,image/jpeg,image/webp';

/** `GET /api/settings/appearance`. */
export const appearanceSchema = z.object({
  brandColor: z.string(),
  defaultTheme: z.enum(themeValues),
  /** `/api/public/schools/<slug>/logo?v=<version>`, or null. */
  logoUrl: z.string().nullable(),
});
export type Appearance = z.infer<typeof appearanceSchema>;

/** `PUT /api/settings/appearance` (the colour checked by the server: APPEARANCE_COLOR_INVALID). */
export const updateAppearanceRequestSchema = z.object({
  brandColor: brandColorSchema,
  defaultTheme: themeSchema,
});
export type UpdateAppearanceRequest = z.infer<typeof updateAppearanceRequestSchema>;

/** `GET /api/school/branding`: what the back office's shell shows every member. */
export const schoolBrandingSchema = z.object({
  name: z.string(),
  brandColor: z.string(),
  defaultTheme: z.enum(themeValues),
  logoUrl: z.string().nullable(),
  /** The member's own choice, null = the school's default. */
  memberTheme: z.enum(themeValues).nullable(),
  plan: planIdSchema,
});
export type SchoolBranding = z.infer<typeof schoolBrandingSchema>;

/** `PUT /api/profile/theme`. */
export const profileThemeRequestSchema = z.object({
  theme: z
    .enum(themeValues, { error: 'Choisissez le thème clair, sombre ou celui de l’école.' })
    .nullable(),
});
export type ProfileThemeRequest = z.infer<typeof profileThemeRequestSchema>;

/** `GET|PUT /api/settings/notifications`. */
export const notificationSettingsSchema = z.object({
  /** Where the school's notices go; null = its contact e-mail. */
  notificationEmail: z.string().nullable(),
  /** A pre-registration arrived (admissions). */
  admissionReceived: z.boolean(),
  /** The platform validated or refused a KYC document. */
  kycReviewed: z.boolean(),
});
export type NotificationSettingsValues = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsRequestSchema = z.object({
  notificationEmail: optionalEmailSchema,
  admissionReceived: z.boolean({ error: 'Indiquez oui ou non.' }),
  kycReviewed: z.boolean({ error: 'Indiquez oui ou non.' }),
});
export type UpdateNotificationSettingsRequest = z.input<
  typeof updateNotificationSettingsRequestSchema
>;

/** The sentences of the settings' refusals (error-codes/settings.ts). */
export const SettingsMessages = {
  ribInvalid:
    'Le RIB doit compter 24 caractères : code banque (2 lettres du pays et 3 chiffres), code guichet (5 chiffres), numéro de compte (12 chiffres) et clé (2 chiffres).',
  ribKeyInvalid:
    'La clé du RIB ne correspond pas : vérifiez le code banque, le code guichet, le numéro de compte et la clé.',
  ibanInvalid:
    "Cet IBAN n'est pas valide : vérifiez ses chiffres de contrôle et sa longueur (28 caractères dans l'UEMOA, ex. TG53 TG00 9060 …).",
  bicInvalid:
    'Le BIC (code SWIFT) doit compter 8 ou 11 caractères : 4 lettres de la banque, 2 du pays, 2 de la ville, puis 3 de l’agence.',
  accountRequired: 'Indiquez au moins le RIB ou l’IBAN du compte.',
  passwordInvalid: 'Mot de passe incorrect : les coordonnées bancaires n’ont pas été modifiées.',
  kycFileTypeInvalid: 'Envoyez un fichier PDF, JPEG ou PNG (son contenu, pas seulement son nom).',
  kycFileRequired: 'Choisissez le fichier à envoyer.',
  kycDocumentNotFound: 'Document introuvable.',
  kycRefusalReasonRequired: 'Indiquez le motif du refus : l’école le verra.',
  logoNotAnImage: "Ce fichier n'est pas une image PNG, JPEG ou WebP lisible.",
  logoRequired: 'Choisissez une image pour le logo.',
  logoNotFound: "Cette école n'a pas de logo.",
  colorInvalid: 'Choisissez une couleur au format #RRGGBB (ex. #484D9B).',
} as const;
