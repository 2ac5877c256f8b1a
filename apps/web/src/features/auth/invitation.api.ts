import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiClientError, getJson, NetworkError, postJson } from '../../lib/api-client';
import { refusesLinkToken } from './validation';

/** `GET /api/invitations/preview`: what the invitation offers, before it is accepted. */
export interface InvitationPreview {
  schoolName: string;
  name: string;
  email: string;
  roleName: string;
  /** The address already has an Écolage account: the person confirms with its password. */
  hasAccount: boolean;
}

function isPreview(value: unknown): value is InvitationPreview {
  if (typeof value !== 'object' || value === null) return false;
  const preview = value as Record<string, unknown>;
  return (
    ['schoolName', 'name', 'email', 'roleName'].every((key) => typeof preview[key] === 'string') &&
    typeof preview.hasAccount === 'boolean'
  );
}

/** The link cannot be used: the server says so (400 on the token) or it is not a token at all. */
export function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    (refusesLinkToken(error.issues) || error.status === 400 || error.status === 404)
  );
}

export const invitationKeys = {
  all: ['invitation'] as const,
  preview: (token: string) => [...invitationKeys.all, 'preview', token] as const,
  accept: () => [...invitationKeys.all, 'accept'] as const,
};

export function useInvitationPreview(token: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: invitationKeys.preview(token ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await getJson(
        `/api/invitations/preview?token=${encodeURIComponent(token ?? '')}`,
        { signal, language: i18n.language },
      );
      if (!isPreview(answer)) throw new Error('Unexpected answer');
      return answer;
    },
    enabled: token !== null,
    // A refused link stays refused; only a lost connection is worth a second try.
    retry: (count, error) => error instanceof NetworkError && count < 1,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: invitationKeys.accept(),
    mutationFn: async (input: { token: string; password: string }) => {
      const answer = await postJson('/api/invitations/accept', input, { language: i18n.language });
      const email =
        typeof answer === 'object' && answer !== null && 'email' in answer
          ? answer.email
          : undefined;
      return { email: typeof email === 'string' ? email : undefined };
    },
  });
}
