import { z } from 'zod';

export const planIds = ['decouverte', 'croissance', 'personnalise'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

/** A school's URL name: lower-case letters, digits and single dashes (e.g. `ecole-demo`). */
export const schoolSlugSchema = z
  .string()
  .trim()
  .min(2, "L'identifiant de l'école doit contenir au moins 2 caractères.")
  .max(60, "L'identifiant de l'école ne doit pas dépasser 60 caractères.")
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    "L'identifiant de l'école ne peut contenir que des lettres minuscules, des chiffres et des tirets.",
  );

export const schoolSlugParamsSchema = z.object({ slug: schoolSlugSchema });

/** What anyone may see of a school (its pay page header, its receipts' verification page). */
export const schoolPublicProfileSchema = z.object({
  name: z.string(),
  slug: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  brandColor: z.string(),
  supportPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** `/api/public/schools/<slug>/logo?v=<version>`, or null without a logo. */
  logoUrl: z.string().nullable(),
});
export type SchoolPublicProfile = z.infer<typeof schoolPublicProfileSchema>;
