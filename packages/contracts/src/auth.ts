import { z } from 'zod';
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
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const switchSchoolRequestSchema = z.object({ organizationId: z.uuid('École inconnue.') });

/** Claims of the access token (JWT, 15 minutes). */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  role: z.uuid(),
  name: z.string(),
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
