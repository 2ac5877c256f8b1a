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
export type { Role, Membership } from './access.tables';
export type { MemberDirectory, MemberPerson } from './member-directory';
export { teamRoutes } from './team.routes';
export { countActiveMembers } from './access.repository';
