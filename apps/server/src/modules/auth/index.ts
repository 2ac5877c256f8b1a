/** Accounts and sessions: sign-up, login, refresh with rotation, logout, school switch. */
export { authPlugin } from './auth.plugin';
export { authRoutes, REFRESH_COOKIE, type AuthRoutesOptions } from './auth.routes';
export { accessTokenKeys, signAccessToken, type AccessTokenKeys } from './access-token';
export { signStreamTicket, streamTicketRoutes } from './stream-ticket';
export { defaultLoginPolicy, type LoginPolicy } from './use-cases/log-in';
export { hashPassword } from './password';
export { ensureAccount } from './accounts';
export type { User } from './auth.tables';
export { passwordResetRoutes, baseUrl, logCapturedEmail } from './password-reset.routes';
export { invitationRoutes } from './invitation.routes';
export { profileRoutes } from './profile.routes';
export { countSeatsTaken, findActiveSuperAdmins, memberDirectory } from './members.reads';
export { confirmMemberPassword } from './use-cases/confirm-password';
export { getThemePreference } from './use-cases/profile';
export {
  changePlatformRole,
  type PlatformRoleChange,
  type PlatformRoleValue,
} from './platform-role';
