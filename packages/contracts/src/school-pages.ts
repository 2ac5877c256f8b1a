import { z } from 'zod';
import { schoolSlugSchema } from './organizations';
import { walletValues } from './payments';

/**
 * « Pages » (Paramètres › Général): the school's public pages — its address name (slug), the short
 * introduction on its pay page and pre-registration form, the wallets its parents are offered,
 * whether pre-registration is open and for which programmes, and each page's link and QR code.
 */

export const PUBLIC_INTRO_MAX_LENGTH = 500;

/**
 * Words a school's address may not be: the site's own first path segments and names a payer could
 * take for Écolage's (an address `/payer/<slug>` or `/inscription/<slug>` must never shadow a page).
 */
export const reservedSchoolSlugs = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'code',
  'connexion',
  'docs',
  'ecolage',
  'form',
  'inscription',
  'l',
  'login',
  'operateur',
  'p',
  'payer',
  'retour',
  'root',
  's',
  'static',
  'support',
  'verifier',
  'www',
] as const;

export function isReservedSchoolSlug(slug: string): boolean {
  return (reservedSchoolSlugs as readonly string[]).includes(slug.trim().toLowerCase());
}

export const SchoolPagesMessages = {
  slugTaken: 'Cette adresse est déjà prise par une autre école : choisissez-en une autre.',
  slugReserved: 'Cette adresse est réservée par Écolage : choisissez-en une autre.',
  introTooLong: `L’introduction ne doit pas dépasser ${PUBLIC_INTRO_MAX_LENGTH} caractères.`,
  walletsRequired: 'Proposez au moins un moyen de paiement aux parents.',
  walletNotInDeployment: 'Ce moyen de paiement n’est pas disponible sur Écolage pour le moment.',
  programmesRequired:
    'Choisissez au moins un programme ouvert à la pré-inscription, ou fermez la pré-inscription.',
  admissionsClosed:
    'Les pré-inscriptions en ligne de cette école sont fermées pour le moment. Contactez l’école pour vous inscrire.',
  programmeNotOffered:
    'Ce programme n’est pas ouvert à la pré-inscription en ligne : choisissez-en un autre ou contactez l’école.',
} as const;

/** The addresses of the school's public pages (absolute, as printed on posters). */
export const schoolPageAddressesSchema = z.object({
  /** `/payer/<slug>`: matricule + phone, one-time code, then the family's invoices. */
  payPage: z.string(),
  /** `/inscription/<slug>`: the pre-registration form. */
  registration: z.string(),
  /** `/form`: where a parent without the address finds the school by name or city. */
  finder: z.string(),
});
export type SchoolPageAddresses = z.infer<typeof schoolPageAddressesSchema>;

export const schoolPagesSchema = z.object({
  slug: z.string(),
  /** Former addresses that still lead to the school's pages (301), newest first. */
  previousSlugs: z.array(z.string()),
  publicIntro: z.string().nullable(),
  addresses: schoolPageAddressesSchema,
  /** Every wallet the deployment offers, in display order, with whether this school offers it. */
  wallets: z.array(z.object({ wallet: z.enum(walletValues), offered: z.boolean() })),
  admissions: z.object({
    open: z.boolean(),
    /** True when every programme is offered (also those created later). */
    allProgrammes: z.boolean(),
    /** The school's active programmes, each with whether the form offers it. */
    programmes: z.array(z.object({ id: z.uuid(), name: z.string(), offered: z.boolean() })),
  }),
});
export type SchoolPages = z.infer<typeof schoolPagesSchema>;

const publicIntroSchema = z
  .string()
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(PUBLIC_INTRO_MAX_LENGTH, SchoolPagesMessages.introTooLong));

export const updateSchoolPagesSchema = z
  .object({
    /** A reserved word is refused by the server (SCHOOL_SLUG_RESERVED), a taken one too. */
    slug: schoolSlugSchema,
    /** Plain text (shown escaped, line breaks kept); empty: none. */
    publicIntro: publicIntroSchema.nullable(),
    offeredWallets: z
      .array(z.enum(walletValues, { error: SchoolPagesMessages.walletNotInDeployment }))
      .min(1, SchoolPagesMessages.walletsRequired)
      .max(walletValues.length),
    admissionsOpen: z.boolean(),
    /** null: every programme, also those created later. */
    admissionProgrammeIds: z.array(z.uuid()).max(500).nullable(),
  })
  .superRefine((value, context) => {
    if (value.admissionsOpen && value.admissionProgrammeIds?.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['admissionProgrammeIds'],
        message: SchoolPagesMessages.programmesRequired,
      });
    }
  });
export type UpdateSchoolPages = z.infer<typeof updateSchoolPagesSchema>;
/** What the form holds before the schema's transforms (the web form's values). */
export type UpdateSchoolPagesInput = z.input<typeof updateSchoolPagesSchema>;

/** The public pages that have a QR code. */
export const schoolPageKindValues = ['payer', 'inscription'] as const;
export type SchoolPageKind = (typeof schoolPageKindValues)[number];
export const schoolPageQrParamsSchema = z.object({ page: z.enum(schoolPageKindValues) });
