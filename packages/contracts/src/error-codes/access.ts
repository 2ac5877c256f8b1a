import { AccessMessages, InvitationMessages } from '../access';
import { defineError } from './define';

/** The school's team: members, roles and invitations (module `access`). */
export const accessErrors = {
  /** 409 — creating or renaming a role to a name another role of the school has. */
  ROLE_NAME_TAKEN: defineError(409, AccessMessages.roleNameTaken),
  /** 404 — no role with that id in the member's school. */
  ROLE_NOT_FOUND: defineError(404, AccessMessages.roleNotFound),
  /** 404 — no member with that id in the member's school. */
  MEMBER_NOT_FOUND: defineError(404, AccessMessages.memberNotFound),
  /** 409 — deleting a role some members still hold. */
  ROLE_IN_USE: defineError(409, AccessMessages.roleInUse),
  /** 409 — deleting one of the school's base roles. */
  SYSTEM_ROLE: defineError(409, AccessMessages.systemRole),
  /** 409 — taking permissions away from the Super administration role. */
  SUPER_ADMIN_PERMISSIONS: defineError(409, AccessMessages.superAdminPermissions),
  /** 409 — deactivating or demoting the school's last active Super administration. */
  LAST_SUPER_ADMIN: defineError(409, AccessMessages.lastSuperAdmin),
  /** 409 — a member deactivating their own account. */
  SELF_DEACTIVATION: defineError(409, AccessMessages.selfDeactivation),
  /** 403 — a member changing their own role. */
  OWN_ROLE: defineError(403, AccessMessages.ownRole),
  /** 403 — giving a role (to a member or an invitation) with permissions the giver lacks. */
  ROLE_BEYOND_YOURS: defineError(403, AccessMessages.roleBeyondYours),
  /** 403 — changing the access of a member who holds permissions the changer lacks. */
  MEMBER_BEYOND_YOURS: defineError(403, AccessMessages.memberBeyondYours),
  /** 403 — granting a role permissions the granter lacks. */
  PERMISSIONS_BEYOND_YOURS: defineError(403, AccessMessages.permissionsBeyondYours),
  /** 409 — inviting (or adding) a person who is already a member of the school. */
  ALREADY_MEMBER: defineError(409, InvitationMessages.alreadyMember),
};
