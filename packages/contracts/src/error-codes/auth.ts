import { AuthMessages, PasswordResetMessages, ProfileMessages } from '../auth';
import { InvitationMessages } from '../access';
import { defineError } from './define';

/** Sessions, log-in, profile, password reset and invitations (module `auth`). */
export const authErrors = {
  /** 401 — the access or refresh token expired, or the member was deactivated since. */
  SESSION_EXPIRED: defineError(401, AuthMessages.sessionExpired),
  /** 401 — log-in with an unknown e-mail or a wrong password (one answer for both). */
  INVALID_CREDENTIALS: defineError(401, AuthMessages.invalidCredentials),
  /** 429 — log-in refused for a while after repeated failures (account or address locked). */
  LOGIN_LOCKED: defineError(429, AuthMessages.locked),
  /** 409 — registration or e-mail change to an address another account uses. */
  EMAIL_TAKEN: defineError(409, AuthMessages.emailTaken),
  /** 404 — switching the session to a school the person is not (or no longer) a member of. */
  SESSION_SCHOOL_NOT_FOUND: defineError(404, 'Aucune école ne correspond à cette demande.'),
  /** 400 — the current password given to change the password or delete the account is wrong. */
  WRONG_PASSWORD: defineError(400, ProfileMessages.wrongPassword),
  /** 409 — deleting one's account while being a school's last Super administration. */
  LAST_SUPER_ADMIN_ACCOUNT: defineError(409, ProfileMessages.lastSuperAdmin),
  /** 400 — renaming oneself to the name one already has. */
  SAME_NAME: defineError(400, ProfileMessages.sameName),
  /** 400 — changing one's e-mail to the address one already has. */
  SAME_EMAIL: defineError(400, ProfileMessages.sameEmail),
  /** 400 — the avatar is not a PNG, JPEG or WebP image (checked on its first bytes). */
  AVATAR_NOT_AN_IMAGE: defineError(
    400,
    'La photo de profil doit être une image (PNG, JPEG ou WebP).',
  ),
  /** 400 — the avatar is larger than 1 Mo. */
  AVATAR_TOO_LARGE: defineError(400, 'La photo de profil ne doit pas dépasser 1 Mo.'),
  /** 400 — a password-reset link unknown, used or expired. */
  PASSWORD_RESET_LINK_INVALID: defineError(400, PasswordResetMessages.invalidLink),
  /** 400 — an invitation link unknown, used or expired. */
  INVITATION_LINK_INVALID: defineError(400, InvitationMessages.invalidLink),
  /** 400 — accepting an invitation as an existing account with a wrong password. */
  INVITATION_WRONG_PASSWORD: defineError(400, InvitationMessages.wrongPassword),
};
