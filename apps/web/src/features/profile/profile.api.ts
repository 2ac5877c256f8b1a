import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { clearSession, updateSessionUser } from '../auth/session-store';

/**
 * Server calls of « Mon profil » (`/api/profile…`, the signed-in member's own account). Every
 * change answers the profile: the cache and the stored session follow it, so the avatar menu
 * shows the new name, address or photo at once.
 */

export type { Profile };

export interface ChangeEmailRequest {
  email: string;
  /** The current password, to prove it is really the member. */
  password: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const profileKeys = {
  all: ['profile'] as const,
  profile: () => [...profileKeys.all, 'me'] as const,
  mutation: (name: string) => [...profileKeys.all, 'mutation', name] as const,
};

/** The members list shows the member's name and photo too (`teamKeys.all` of team.api). */
const TEAM_KEY = ['team'] as const;

export function readProfile(answer: unknown): Profile {
  if (typeof answer !== 'object' || answer === null) throw new UnexpectedAnswerError();
  const { name, email, avatarUrl } = answer as Record<string, unknown>;
  if (typeof name !== 'string' || typeof email !== 'string') throw new UnexpectedAnswerError();
  return { name, email, avatarUrl: typeof avatarUrl === 'string' ? avatarUrl : null };
}

/** `GET /api/profile`; a change made elsewhere (another browser) reaches the session too. */
export function useProfile() {
  return useQuery({
    queryKey: profileKeys.profile(),
    queryFn: async ({ signal }) => {
      const profile = readProfile(await apiRequest('/api/profile', { signal }));
      updateSessionUser(profile);
      return profile;
    },
  });
}

/** A change of the profile whose answer is the new profile. */
function useProfileChange<Input>(name: string, call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: profileKeys.mutation(name),
    mutationFn: async (input: Input) => readProfile(await call(input)),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile(), profile);
      updateSessionUser(profile);
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
    },
  });
}

/** `PATCH /api/profile {name}`. */
export function useRenameProfile() {
  return useProfileChange('rename', (name: string) =>
    apiRequest('/api/profile', { method: 'PATCH', body: { name } }),
  );
}

/** `PUT /api/profile/avatar {avatar}`: a data URL (PNG, JPEG or WebP, 1 Mo at most). */
export function useChangeAvatar() {
  return useProfileChange('avatar', (avatar: string) =>
    apiRequest('/api/profile/avatar', { method: 'PUT', body: { avatar } }),
  );
}

/** `DELETE /api/profile/avatar`. */
export function useRemoveAvatar() {
  return useProfileChange('remove-avatar', () =>
    apiRequest('/api/profile/avatar', { method: 'DELETE' }),
  );
}

/** `POST /api/profile/email {email, password}`. */
export function useChangeEmail() {
  return useProfileChange('email', (input: ChangeEmailRequest) =>
    apiRequest('/api/profile/email', { method: 'POST', body: input }),
  );
}

/** `POST /api/profile/password` (204): the member's other sessions are closed, this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationKey: profileKeys.mutation('password'),
    mutationFn: async (input: ChangePasswordRequest) => {
      await apiRequest('/api/profile/password', { method: 'POST', body: input });
    },
  });
}

/** `DELETE /api/profile {password}` (204): the account is anonymised and every session ended. */
export function useDeleteAccount() {
  return useMutation({
    mutationKey: profileKeys.mutation('delete'),
    mutationFn: async (password: string) => {
      await apiRequest('/api/profile', { method: 'DELETE', body: { password } });
    },
  });
}

/**
 * Ends the session here once the account is gone (the server has revoked every session and
 * cleared the refresh cookie already): the guard then takes the reader home.
 */
export function useEndDeletedSession() {
  const queryClient = useQueryClient();
  return () => {
    clearSession('deleted');
    queryClient.clear();
  };
}
