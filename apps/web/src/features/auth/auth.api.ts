import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoginRequest, RegistrationRequest } from '@ecolage/contracts';
import { postJson } from '../../lib/api-client';
import { logOut, readSessionAnswer, switchSchool } from './auth-client';
import { setSession } from './session-store';
import type { Session } from './session-store';

/** Mutation keys of the authentication calls. */
export const authKeys = {
  all: ['auth'] as const,
  login: () => [...authKeys.all, 'login'] as const,
  registration: () => [...authKeys.all, 'registration'] as const,
  switchSchool: () => [...authKeys.all, 'switch-school'] as const,
  logout: () => [...authKeys.all, 'logout'] as const,
};

/** `POST /api/auth/login`: opens the session (saved in local storage) and returns it. */
export async function logIn(input: LoginRequest, language?: string): Promise<Session> {
  const answer = await postJson('/api/auth/login', input, { language });
  const session = readSessionAnswer(answer);
  setSession(session);
  return session;
}

export interface RegistrationAnswer {
  /** The server's sentence (« Demande enregistrée. Vérifiez votre messagerie… »), if any. */
  message: string | undefined;
}

/** `POST /api/auth/registration`: a new school and its first member. No session is opened. */
export async function registerSchool(
  input: RegistrationRequest,
  language?: string,
): Promise<RegistrationAnswer> {
  const answer = await postJson('/api/auth/registration', input, { language });
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer
      ? answer.message
      : undefined;
  return { message: typeof message === 'string' && message.trim() !== '' ? message : undefined };
}

export function useLogin() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.login(),
    mutationFn: (input: LoginRequest) => logIn(input, i18n.language),
    // Nothing cached for a previous member may show to this one.
    onSuccess: () => queryClient.clear(),
  });
}

export function useRegistration() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: authKeys.registration(),
    mutationFn: (input: RegistrationRequest) => registerSchool(input, i18n.language),
  });
}

/** Switches the session to another school of the member; the cache of the previous one goes. */
export function useSwitchSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.switchSchool(),
    mutationFn: (organizationId: string) => switchSchool(organizationId),
    onSuccess: () => queryClient.clear(),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.logout(),
    mutationFn: () => logOut(),
    onSettled: () => queryClient.clear(),
  });
}
