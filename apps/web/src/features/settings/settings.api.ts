import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appearanceSchema,
  kycDocumentSchema,
  notificationSettingsSchema,
  schoolDetailsResponseSchema,
  schoolPlanResponseSchema,
} from '@ecolage/contracts';
import type {
  Appearance,
  KycDocumentKind,
  NotificationSettingsValues,
  PlanId,
  SchoolDetailsResponse,
  SchoolPlanResponse,
  UpdateAppearanceRequest,
} from '@ecolage/contracts';
import { ApiClientError, NetworkError, readApiError, readJson } from '../../lib/api-client';
import {
  apiDownload,
  apiRequest,
  refreshSession,
  UnexpectedAnswerError,
} from '../auth/auth-client';
import { clearSession, getSession } from '../auth/session-store';
import { brandingKeys } from '../../app/theme/branding.api';

/**
 * Server calls of « Paramètres » (`/api/settings/…`). Every answer is read with the contracts'
 * schema; a change refreshes what shows it (the shell's branding after « Apparence »).
 */

export const settingsKeys = {
  all: ['settings'] as const,
  details: () => [...settingsKeys.all, 'details'] as const,
  appearance: () => [...settingsKeys.all, 'appearance'] as const,
  notifications: () => [...settingsKeys.all, 'notifications'] as const,
  plan: () => [...settingsKeys.all, 'plan'] as const,
};

function read<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) {
  return (answer: unknown): T => {
    const parsed = schema.safeParse(answer);
    if (!parsed.success || parsed.data === undefined) throw new UnexpectedAnswerError();
    return parsed.data;
  };
}

const readDetails = read<SchoolDetailsResponse>(schoolDetailsResponseSchema);
const readAppearance = read<Appearance>(appearanceSchema);
const readNotifications = read<NotificationSettingsValues>(notificationSettingsSchema);
const readPlan = read<SchoolPlanResponse>(schoolPlanResponseSchema);

export function useSchoolDetails() {
  return useQuery({
    queryKey: settingsKeys.details(),
    queryFn: async ({ signal }) =>
      readDetails(await apiRequest('/api/settings/details', { signal })),
  });
}

/** A change whose answer is ignored: the screen's data is asked again. */
function useSettingsChange<Input>(
  call: (input: Input) => Promise<unknown>,
  refresh: readonly (readonly string[])[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all(
        refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      );
    },
  });
}

export function useSaveDetails() {
  return useSettingsChange(
    (body: unknown) => apiRequest('/api/settings/details', { method: 'PUT', body }),
    [settingsKeys.details(), brandingKeys.all],
  );
}

export function useSaveBank() {
  return useSettingsChange(
    (body: unknown) => apiRequest('/api/settings/bank', { method: 'PUT', body }),
    [settingsKeys.details()],
  );
}

/**
 * `POST path` as multipart/form-data with the member's bearer token (a 401 renews the session
 * once, as `apiRequest` does); the parsed JSON answer.
 */
export async function postForm(path: string, form: FormData): Promise<unknown> {
  const send = async (token: string | undefined) => {
    try {
      return await fetch(path, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          'Accept-Language': document.documentElement.lang || 'fr',
        },
        body: form,
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
  };
  const session = getSession();
  let response = await send(session?.accessToken);
  if (response.status === 401 && session) {
    const renewed = await refreshSession(session.accessToken);
    if (renewed) {
      response = await send(renewed.accessToken);
      if (response.status === 401) clearSession('expired');
    }
  }
  const payload = await readJson(response);
  if (!response.ok) throw new ApiClientError(response.status, readApiError(payload));
  return payload;
}

export function useUploadKyc() {
  return useSettingsChange(
    async ({ kind, file }: { kind: KycDocumentKind; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      return kycDocumentSchema.parse(await postForm('/api/settings/kyc-documents', form));
    },
    [settingsKeys.details(), brandingKeys.all],
  );
}

/** The file of a KYC document, as the server stored it. */
export function downloadKycDocument(id: string) {
  return apiDownload(`/api/settings/kyc-documents/${encodeURIComponent(id)}/file`);
}

export function useAppearance() {
  return useQuery({
    queryKey: settingsKeys.appearance(),
    queryFn: async ({ signal }) =>
      readAppearance(await apiRequest('/api/settings/appearance', { signal })),
  });
}

export function useSaveAppearance() {
  return useSettingsChange(
    (body: UpdateAppearanceRequest) =>
      apiRequest('/api/settings/appearance', { method: 'PUT', body }),
    [settingsKeys.appearance(), brandingKeys.all],
  );
}

export function useUploadLogo() {
  return useSettingsChange(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return postForm('/api/settings/logo', form);
    },
    [settingsKeys.appearance(), brandingKeys.all],
  );
}

export function useRemoveLogo() {
  return useSettingsChange(
    () => apiRequest('/api/settings/logo', { method: 'DELETE' }),
    [settingsKeys.appearance(), brandingKeys.all],
  );
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: settingsKeys.notifications(),
    queryFn: async ({ signal }) =>
      readNotifications(await apiRequest('/api/settings/notifications', { signal })),
  });
}

export function useSaveNotifications() {
  return useSettingsChange(
    (body: unknown) => apiRequest('/api/settings/notifications', { method: 'PUT', body }),
    [settingsKeys.notifications()],
  );
}

export function useSchoolPlan() {
  return useQuery({
    queryKey: settingsKeys.plan(),
    queryFn: async ({ signal }) => readPlan(await apiRequest('/api/settings/plan', { signal })),
  });
}

export function useChangePlan() {
  return useSettingsChange(
    (plan: PlanId) => apiRequest('/api/settings/plan', { method: 'PUT', body: { plan } }),
    [settingsKeys.plan(), brandingKeys.all],
  );
}
