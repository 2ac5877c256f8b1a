/** Roles, permissions and memberships (who may do what in which school). */
export {
  activateInvitedMember,
  addInvitedMember,
  addMemberWithSystemRole,
  createSystemRoles,
  deactivateAllMemberships,
  schoolsWhereLastSuperAdmin,
  ensureSystemRoles,
  isMember,
  getMemberAccess,
  listSchoolsOfUser,
  recordLogin,
  type MemberAccess,
} from './access.service';
export { roles, memberships, type Role, type Membership } from './access.tables';
export { teamRoutes } from './team.routes';
