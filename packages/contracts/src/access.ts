import { z } from 'zod';
import { permissionSchema } from './permissions';

export const memberStatusValues = ['active', 'inactive', 'invited'] as const;
export const memberStatusLabels = {
  active: 'Actif',
  inactive: 'Inactif',
  invited: 'Invitation en attente',
} as const;

const page = z.coerce.number().int().min(1, 'La page commence à 1.').default(1);
const pageSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(100, '100 lignes par page au plus.')
  .default(10);

export const memberListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(memberStatusValues).optional(),
  page,
  pageSize,
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberItemSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(memberStatusValues),
  lastLoginAt: z.string().nullable(),
  since: z.string(),
});
export type MemberItem = z.infer<typeof memberItemSchema>;

export const memberListResponseSchema = z.object({
  items: z.array(memberItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const memberParamsSchema = z.object({ userId: z.uuid('Membre introuvable.') });

export const updateMemberRequestSchema = z
  .object({
    roleId: z.uuid('Rôle introuvable.').optional(),
    status: z.enum(['active', 'inactive'], { error: 'Statut invalide.' }).optional(),
  })
  .refine((body) => body.roleId !== undefined || body.status !== undefined, {
    message: 'Indiquez un rôle ou un statut.',
  });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

const roleName = z
  .string({ error: 'Le nom du rôle est obligatoire.' })
  .trim()
  .min(1, 'Le nom du rôle est obligatoire.')
  .max(60, 'Le nom du rôle ne doit pas dépasser 60 caractères.');

export const roleItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permissionSchema),
  memberCount: z.number().int(),
  /** One of the seven roles every school starts with: it cannot be deleted. */
  system: z.boolean(),
  /**
   * The reader may give this role (invitation, role change): he holds all its permissions. A
   * member whose role is not assignable is beyond the reader's reach too.
   */
  assignable: z.boolean(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;

export const roleParamsSchema = z.object({ roleId: z.uuid('Rôle introuvable.') });

export const createRoleRequestSchema = z.object({
  name: roleName,
  description: z
    .string()
    .trim()
    .max(300, 'La description ne doit pas dépasser 300 caractères.')
    .default(''),
  permissions: z.array(permissionSchema).max(100).default([]),
});
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

export const updateRoleRequestSchema = createRoleRequestSchema.partial();
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;

export const AccessMessages = {
  lastSuperAdmin:
    'Impossible : ce membre est le dernier Super administration de l’école. Nommez d’abord un autre Super administration.',
  roleInUse:
    'Ce rôle est attribué à des membres : attribuez-leur un autre rôle avant de le supprimer.',
  systemRole: 'Les rôles de base de l’école ne peuvent pas être supprimés.',
  roleNameTaken: 'Un rôle porte déjà ce nom dans votre école.',
  superAdminPermissions: 'Le rôle Super administration garde toutes les permissions.',
  memberNotFound: 'Membre introuvable.',
  selfDeactivation: 'Vous ne pouvez pas désactiver votre propre compte.',
  roleNotFound: 'Rôle introuvable.',
  ownRole: 'Vous ne pouvez pas changer votre propre rôle : demandez-le à un autre administrateur.',
  roleBeyondYours:
    'Vous ne pouvez attribuer qu’un rôle dont vous avez vous-même toutes les permissions.',
  memberBeyondYours:
    'Ce membre a des permissions que vous n’avez pas : vous ne pouvez pas modifier son accès.',
  permissionsBeyondYours:
    'Vous ne pouvez accorder à un rôle que des permissions que vous avez vous-même.',
} as const;

export const inviteMemberRequestSchema = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    .min(2, 'Le nom doit contenir au moins 2 caractères.')
    .max(120, 'Le nom ne doit pas dépasser 120 caractères.'),
  email: z
    .string({ error: "L'adresse e-mail est obligatoire." })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Format d'e-mail invalide." })),
  roleId: z.uuid('Choisissez un rôle.'),
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

export const invitationTokenQuerySchema = z.object({
  token: z.string().min(10, "Ce lien d'invitation est invalide.").max(200),
});

export const invitationPreviewSchema = z.object({
  schoolName: z.string(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  /** True when the person already has an Écolage account (they confirm with its password). */
  hasAccount: z.boolean(),
});

export const acceptInvitationRequestSchema = z.object({
  token: z.string().min(10, "Ce lien d'invitation est invalide.").max(200),
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(6, 'Le mot de passe doit contenir au moins 6 caractères.')
    .max(128, 'Le mot de passe ne doit pas dépasser 128 caractères.'),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const InvitationMessages = {
  alreadyMember: 'Cette personne est déjà membre de l’école.',
  invalidLink:
    "Ce lien d'invitation est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation.",
  accepted: 'Bienvenue ! Votre accès est activé : connectez-vous.',
  wrongPassword: 'Mot de passe incorrect pour ce compte existant.',
} as const;
