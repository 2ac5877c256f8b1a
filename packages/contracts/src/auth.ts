import { z } from 'zod';
import { planIdSchema } from './organizations';
import { permissionSchema } from './permissions';

/** Validation rules of the spec (§5), in French. */
export const emailSchema = z
  .string({ error: "L'adresse e-mail est obligatoire." })
  .trim()
  .toLowerCase()
  .min(1, "L'adresse e-mail est obligatoire.")
  .max(254, "L'adresse e-mail est trop longue.")
  .pipe(z.email({ error: "Format d'e-mail invalide." }));

export const passwordSchema = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(6, 'Le mot de passe doit contenir au moins 6 caractères.')
  .max(128, 'Le mot de passe ne doit pas dépasser 128 caractères.');

export const personNameSchema = z
  .string({ error: 'Le nom est obligatoire.' })
  .trim()
  .min(2, 'Le nom doit contenir au moins 2 caractères.')
  .max(120, 'Le nom ne doit pas dépasser 120 caractères.');

export const schoolNameSchema = z
  .string({ error: "Le nom de l'école est obligatoire." })
  .trim()
  .min(2, "Le nom de l'école doit contenir au moins 2 caractères.")
  .max(160, "Le nom de l'école ne doit pas dépasser 160 caractères.");

/**
 * `POST /api/auth/registration`: a school and its first member (Super administration).
 * `avatar` is an optional data URL (PNG, JPEG or WebP, at most 1 Mo once decoded). The answer is
 * the same whether the address already has an account or not; the rest is said by e-mail.
 */
export const registrationRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  schoolName: schoolNameSchema,
  avatar: z.string().max(1_500_000, 'La photo de profil ne doit pas dépasser 1 Mo.').optional(),
  /** The school's plan (contracts' plans.ts); Croissance when none is named. */
  plan: planIdSchema.optional(),
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

export const registrationResponseSchema = z.object({ message: z.string() });

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(1, 'Le mot de passe est obligatoire.')
    .max(128),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});

export const sessionMembershipSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  organizationSlug: z.string(),
  roleName: z.string(),
});

/** Answer of login, refresh and school switch: the spec reads `access_token`. */
export const sessionResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  user: sessionUserSchema,
  organization: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  role: z.object({ id: z.uuid(), name: z.string() }),
  permissions: z.array(permissionSchema),
  memberships: z.array(sessionMembershipSchema),
  /** 'operator' when the person may also open the platform operator's console. */
  platformRole: z.literal('operator').optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * Answer of login and refresh for a platform operator who is a member of no school: no school,
 * no role, no permission; the web sends them to the console (`/operateur`).
 */
export const operatorSessionResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: sessionUserSchema,
  platformRole: z.literal('operator'),
  organization: z.null(),
  memberships: z.array(sessionMembershipSchema),
});
export type OperatorSessionResponse = z.infer<typeof operatorSessionResponseSchema>;

/** What login and refresh answer: a school's session, or an operator's without a school. */
export const anySessionResponseSchema = z.union([
  sessionResponseSchema,
  operatorSessionResponseSchema,
]);
export type AnySessionResponse = z.infer<typeof anySessionResponseSchema>;

export const switchSchoolRequestSchema = z.object({ organizationId: z.uuid('École inconnue.') });

/** Claims of the access token (JWT, 15 minutes). */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  /** The school of the session; absent for a platform operator's session without a school. */
  org: z.uuid().optional(),
  role: z.uuid().optional(),
  name: z.string(),
  /** 'operator' when the person was a platform operator at sign-in (checked again per request). */
  plat: z.literal('operator').optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const AuthMessages = {
  registered:
    'Demande enregistrée. Vérifiez votre messagerie : nous vous avons écrit à cette adresse. Si votre école vient d’être créée, vous pouvez déjà vous connecter.',
  invalidCredentials: 'E-mail ou mot de passe incorrect.',
  emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
  locked: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  sessionRequired: 'Veuillez vous connecter.',
  sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
  forbidden: "Vous n'avez pas la permission d'effectuer cette action.",
} as const;

/** `GET /api/auth/me`: the session without its tokens. */
export const currentSessionSchema = sessionResponseSchema.omit({
  access_token: true,
  token_type: true,
  expires_in: true,
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'Le lien de réinitialisation est invalide.' })
    .min(10, 'Le lien de réinitialisation est invalide.')
    .max(200, 'Le lien de réinitialisation est invalide.'),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const PasswordResetMessages = {
  requested:
    "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé. Le lien est valable une heure.",
  done: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.',
  invalidLink:
    'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
} as const;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({ name: personNameSchema });
export const profileAvatarRequestSchema = z.object({
  avatar: z.string().max(1_500_000, 'La photo de profil ne doit pas dépasser 1 Mo.'),
});
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(1, 'Le mot de passe est obligatoire.')
    .max(128),
});
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Le mot de passe actuel est obligatoire.' })
      .min(1, 'Le mot de passe actuel est obligatoire.')
      .max(128),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: 'Confirmez le nouveau mot de passe.' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Les mots de passe ne correspondent pas.',
  });
export const deleteAccountRequestSchema = z.object({
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(1, 'Le mot de passe est obligatoire.')
    .max(128),
});

export const ProfileMessages = {
  wrongPassword: 'Mot de passe incorrect.',
  lastSuperAdmin:
    'Impossible de supprimer votre compte : vous êtes le dernier Super administration d’une école. Nommez d’abord quelqu’un d’autre.',
  passwordChanged: 'Mot de passe modifié. Vos autres sessions sont fermées.',
  accountDeleted: 'Votre compte est supprimé.',
  sameName: 'C’est déjà votre nom.',
  sameEmail: 'C’est déjà votre adresse e-mail.',
} as const;
