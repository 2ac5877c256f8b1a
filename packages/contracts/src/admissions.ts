import { z } from 'zod';
import { pageOf, pageQuery, pageSizeQuery, reasonSchema } from './common';

/**
 * Online pre-registration (the spec's `/form`, per school: `/inscription/<school-slug>`): an
 * applicant fills in the form, a student « En attente » is created, staff accept or refuse.
 */

export const applicantGenderValues = ['male', 'female', 'other'] as const;
export type ApplicantGender = (typeof applicantGenderValues)[number];
/** The spec's Male / Female / Other, shown in French. */
export const applicantGenderLabels: Record<ApplicantGender, string> = {
  male: 'Masculin',
  female: 'Féminin',
  other: 'Autre',
};

/** Countries an applicant may come from (ISO 3166-1 alpha-2), Togo first. */
export const applicantCountryValues = [
  'TG',
  'BJ',
  'BF',
  'CI',
  'GH',
  'ML',
  'NE',
  'NG',
  'SN',
  'GN',
  'CM',
  'FR',
  'OTHER',
] as const;
export type ApplicantCountry = (typeof applicantCountryValues)[number];
export const applicantCountryLabels: Record<ApplicantCountry, string> = {
  TG: 'Togo',
  BJ: 'Bénin',
  BF: 'Burkina Faso',
  CI: 'Côte d’Ivoire',
  GH: 'Ghana',
  ML: 'Mali',
  NE: 'Niger',
  NG: 'Nigeria',
  SN: 'Sénégal',
  GN: 'Guinée',
  CM: 'Cameroun',
  FR: 'France',
  OTHER: 'Autre pays',
};

export const admissionStatusValues = ['submitted', 'accepted', 'refused'] as const;
export type AdmissionStatus = (typeof admissionStatusValues)[number];
export const admissionStatusLabels: Record<AdmissionStatus, string> = {
  submitted: 'À examiner',
  accepted: 'Acceptée',
  refused: 'Refusée',
};

/**
 * The spec's form-builder messages, in French: « <Champ> est obligatoire », « E-mail invalide »,
 * « Chiffres uniquement », « … est trop court / trop long ».
 */
export const AdmissionMessages = {
  nameRequired: 'Nom est obligatoire',
  nameTooShort: 'Nom est trop court',
  nameTooLong: 'Nom est trop long',
  emailRequired: 'E-mail est obligatoire',
  emailInvalid: 'E-mail invalide',
  phoneRequired: 'Téléphone est obligatoire',
  phoneDigitsOnly: 'Chiffres uniquement',
  phoneTooShort: 'Téléphone est trop court',
  phoneTooLong: 'Téléphone est trop long',
  phoneInvalid: 'Ce numéro de téléphone n’est pas valide (exemple : 90123456).',
  genderRequired: 'Genre est obligatoire',
  countryRequired: 'Pays est obligatoire',
  programmeRequired: 'Programme est obligatoire',
  levelRequired: 'Niveau est obligatoire',
  levelNotOffered: 'Ce niveau n’est pas proposé par l’école pour ce programme.',
  levelOfOtherProgramme:
    'Ce niveau appartient à un autre programme : choisissez un niveau du programme choisi.',
  received:
    'Votre demande d’inscription a bien été reçue. L’école vous répondra par SMS et par e-mail.',
  notFound: 'Demande d’inscription introuvable.',
  alreadyDecided: 'Cette demande a déjà été traitée.',
  noCurrentYear: 'L’école n’a pas d’année scolaire en cours : créez-la avant d’accepter.',
} as const;

/** The form's fields, as typed (a browser form posts strings). */
export const admissionFormSchema = z.object({
  name: z
    .string({ error: AdmissionMessages.nameRequired })
    .trim()
    .min(1, AdmissionMessages.nameRequired)
    .min(2, AdmissionMessages.nameTooShort)
    .max(120, AdmissionMessages.nameTooLong),
  email: z
    .string({ error: AdmissionMessages.emailRequired })
    .trim()
    .min(1, AdmissionMessages.emailRequired)
    .max(254, AdmissionMessages.emailInvalid)
    .pipe(z.email(AdmissionMessages.emailInvalid))
    .transform((value) => value.toLowerCase()),
  phone: z
    .string({ error: AdmissionMessages.phoneRequired })
    .trim()
    .min(1, AdmissionMessages.phoneRequired)
    .regex(/^\d+$/, AdmissionMessages.phoneDigitsOnly)
    .min(8, AdmissionMessages.phoneTooShort)
    .max(15, AdmissionMessages.phoneTooLong),
  gender: z.enum(applicantGenderValues, { error: AdmissionMessages.genderRequired }),
  country: z.enum(applicantCountryValues, { error: AdmissionMessages.countryRequired }),
  programmeId: z.uuid(AdmissionMessages.programmeRequired),
  levelId: z.uuid(AdmissionMessages.levelRequired),
});
export type AdmissionForm = z.output<typeof admissionFormSchema>;

/** `GET /api/admissions`: the ones still to examine unless another status is asked for. */
export const admissionListQuerySchema = z.object({
  status: z.enum(admissionStatusValues, { error: 'Statut invalide.' }).default('submitted'),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});

export const admissionSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  matricule: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.enum(applicantGenderValues),
  country: z.enum(applicantCountryValues),
  programmeName: z.string(),
  levelName: z.string(),
  status: z.enum(admissionStatusValues),
  refusalReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The campaign the request is attributed to (last touch of its links within 30 days). */
  campaignName: z.string().nullable(),
  /** The « Code promo » typed on the form: held until the decision, then applied or released. */
  coupon: z
    .object({
      code: z.string(),
      status: z.enum(['reserved', 'applied', 'released']),
      /** Francs deducted from the « Inscription » invoice once applied (0 before). */
      discount: z.number().int(),
    })
    .nullable(),
});
export type Admission = z.infer<typeof admissionSchema>;
export const admissionListSchema = pageOf(admissionSchema);
export type AdmissionList = z.infer<typeof admissionListSchema>;

export const admissionParamsSchema = z.object({
  admissionId: z.uuid(AdmissionMessages.notFound),
});
export const refuseAdmissionSchema = z.object({ reason: reasonSchema });
export const acceptAdmissionResultSchema = z.object({
  admission: admissionSchema,
  invoicesIssued: z.number().int(),
  paymentLinkUrl: z.string(),
});
export type AcceptAdmissionResult = z.infer<typeof acceptAdmissionResultSchema>;
