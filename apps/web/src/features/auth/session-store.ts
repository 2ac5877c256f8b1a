import { useSyncExternalStore } from 'react';
import type { OperatorSessionResponse, Permission, SessionResponse } from '@ecolage/contracts';

/**
 * The signed-in member's session, kept in local storage under the product's auth key (spec §4)
 * so that a reload or a new tab stays signed in. Local storage is the source of truth: every
 * read goes through it (parsed again only when the stored text changes), so another tab's login,
 * logout or token refresh is seen here too. Only types come from the contracts: no zod in the
 * chunks that import this.
 */
export const SESSION_STORAGE_KEY = 'ecolage.session';

export type SessionUser = SessionResponse['user'];
export type SessionOrganization = SessionResponse['organization'];
export type SessionRole = SessionResponse['role'];
export type SessionMembership = SessionResponse['memberships'][number];

export interface Session {
  accessToken: string;
  /** When the access token expires (ms since the epoch), from `expires_in`; absent if unknown. */
  expiresAt?: number;
  user: SessionUser;
  organization: SessionOrganization;
  role: SessionRole;
  permissions: Permission[];
  memberships: SessionMembership[];
  /** 'operator' when the person may open the platform operator's console (`/operateur`). */
  platformRole?: 'operator';
  /**
   * A platform operator's session without a school: `organization` and `role` are then empty
   * (no id), `permissions` none; the admin area sends them to the console.
   */
  operatorOnly?: true;
}

/**
 * Why the session ended: the guard sends the reader to the login page with the right notice, or
 * home once the account is deleted.
 */
export type SessionEndReason = 'logout' | 'expired' | 'deleted';

/** The session of a login, refresh or school-switch answer (a school's, or an operator's). */
export function sessionFromResponse(
  answer: SessionResponse | OperatorSessionResponse,
  now = Date.now(),
): Session {
  // An operator without a school: no school, no role, no permission (the console is theirs).
  const school = answer.organization === null ? null : (answer as SessionResponse);
  return {
    accessToken: answer.access_token,
    ...(Number.isFinite(answer.expires_in) ? { expiresAt: now + answer.expires_in * 1000 } : {}),
    user: answer.user,
    organization: school?.organization ?? { id: '', name: '', slug: '' },
    role: school?.role ?? { id: '', name: '' },
    permissions: school?.permissions ?? [],
    memberships: answer.memberships,
    ...(answer.platformRole === 'operator' ? { platformRole: 'operator' as const } : {}),
    ...(school ? {} : { operatorOnly: true as const }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasStrings(value: unknown, keys: readonly string[]): boolean {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

/**
 * A stored session, checked leniently (a hand-edited or older entry is dropped, not trusted):
 * the fields the app reads must be there with the right types.
 */
export function parseStoredSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.accessToken !== 'string' || value.accessToken === '') {
    return null;
  }
  const { user, organization, role, permissions, memberships, expiresAt, platformRole } = value;
  if (
    !hasStrings(user, ['id', 'name', 'email']) ||
    !hasStrings(organization, ['id', 'name']) ||
    !hasStrings(role, ['id', 'name']) ||
    !Array.isArray(permissions) ||
    !Array.isArray(memberships)
  ) {
    return null;
  }
  const avatarUrl = isRecord(user) && typeof user.avatarUrl === 'string' ? user.avatarUrl : null;
  return {
    accessToken: value.accessToken,
    ...(typeof expiresAt === 'number' ? { expiresAt } : {}),
    user: { ...(user as SessionUser), avatarUrl },
    organization: organization as SessionOrganization,
    role: role as SessionRole,
    permissions: permissions.filter((item): item is Permission => typeof item === 'string'),
    memberships: memberships.filter((item): item is SessionMembership =>
      hasStrings(item, ['organizationId', 'organizationName', 'roleName']),
    ),
    ...(platformRole === 'operator' ? { platformRole: 'operator' as const } : {}),
    ...(platformRole === 'operator' && value.operatorOnly === true
      ? { operatorOnly: true as const }
      : {}),
  };
}

// When storage is unavailable (private mode, blocked), the session lives in memory for this visit.
let memoryRaw: string | null = null;
let storageWorks = true;
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;
let lastEndReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function readRaw(): string | null {
  if (storageWorks) {
    try {
      return window.localStorage.getItem(SESSION_STORAGE_KEY);
    } catch {
      storageWorks = false;
    }
  }
  return memoryRaw;
}

function writeRaw(raw: string | null): void {
  memoryRaw = raw;
  if (!storageWorks) return;
  try {
    if (raw === null) window.localStorage.removeItem(SESSION_STORAGE_KEY);
    else window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
  } catch {
    storageWorks = false;
  }
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** The current session, or null when signed out. Stable between changes (for React). */
export function getSession(): Session | null {
  if (typeof window === 'undefined') return null;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseStoredSession(raw);
  }
  return cachedSession;
}

/** Saves a new session (login, refresh, school switch) and tells every subscriber. */
export function setSession(session: Session): void {
  lastEndReason = null;
  writeRaw(JSON.stringify(session));
  emit();
}

/**
 * The member changed their own profile (name, e-mail, photo): the stored session follows, so the
 * avatar menu and greetings show it at once. Nothing happens when signed out meanwhile.
 */
export function updateSessionUser(
  change: Partial<Pick<SessionUser, 'name' | 'email' | 'avatarUrl'>>,
): void {
  const session = getSession();
  if (!session) return;
  const user = { ...session.user, ...change };
  if (
    user.name === session.user.name &&
    user.email === session.user.email &&
    user.avatarUrl === session.user.avatarUrl
  ) {
    return;
  }
  setSession({ ...session, user });
}

/** Signs out locally: forgets the session (spec §4) and remembers why, for the login notice. */
export function clearSession(reason: SessionEndReason = 'logout'): void {
  lastEndReason = reason;
  writeRaw(null);
  emit();
}

/** Why the last session ended in this tab (null if it did not, or a new one started). */
export function sessionEndReason(): SessionEndReason | null {
  return lastEndReason;
}

/** Test isolation: forgets the in-memory state (the storage itself is cleared by the caller). */
export function resetSessionStore(): void {
  memoryRaw = null;
  storageWorks = true;
  cachedRaw = null;
  cachedSession = null;
  lastEndReason = null;
}

function onStorage(event: StorageEvent): void {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) emit();
}

export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** The current session, re-rendering on login, logout, refresh and other tabs' changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}

/** True when the member's role grants `permission` in the current school. */
export function can(permission: Permission, session: Session | null = getSession()): boolean {
  return session?.permissions.includes(permission) ?? false;
}

/** First name for greetings: the first word of the member's name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Up to two initials for an avatar without a photo. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase('fr');
}
