import type { Permission, SessionResponse } from '@ecolage/contracts';
import { allPermissions } from '@ecolage/contracts';
import { SESSION_STORAGE_KEY } from '../features/auth/session-store';
import type { Session } from '../features/auth/session-store';

export const SCHOOL_A = {
  id: '0b6f1a52-5b1e-4c39-9d7c-3f3c1f0d9a01',
  name: 'Collège Les Flamboyants',
  slug: 'college-les-flamboyants',
};
export const SCHOOL_B = {
  id: '7d2c9e44-8a4b-4f0e-b1c2-6a5d3e2f1b02',
  name: 'Institut Lumière de Kara',
  slug: 'institut-lumiere-kara',
};

const USER = {
  id: '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03',
  name: 'Ama Mensah',
  email: 'ama@flamboyants.tg',
  avatarUrl: null,
};

/** A login / refresh / switch answer (`SessionResponse`), full access in school A by default. */
export function sessionAnswer(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    access_token: 'jeton-a',
    token_type: 'Bearer',
    expires_in: 900,
    user: USER,
    organization: SCHOOL_A,
    role: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c04', name: 'Super administration' },
    permissions: [...allPermissions],
    memberships: [
      {
        organizationId: SCHOOL_A.id,
        organizationName: SCHOOL_A.name,
        organizationSlug: SCHOOL_A.slug,
        roleName: 'Super administration',
      },
    ],
    ...overrides,
  };
}

/** A session as the app keeps it. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    accessToken: 'jeton-a',
    expiresAt: Date.now() + 15 * 60_000,
    user: USER,
    organization: SCHOOL_A,
    role: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c04', name: 'Super administration' },
    permissions: [...allPermissions],
    memberships: sessionAnswer().memberships,
    ...overrides,
  };
}

/** Puts a session in local storage, as a previous visit would have left it. */
export function storeSession(overrides: Partial<Session> = {}): Session {
  const session = makeSession(overrides);
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}

/** Only these permissions (a narrow role). */
export function withPermissions(...permissions: Permission[]): Partial<Session> {
  return { permissions, role: { id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d05', name: 'Caissier' } };
}
