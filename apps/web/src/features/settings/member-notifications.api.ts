import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberNotificationPreferencesSchema } from '@ecolage/contracts';
import type { MemberNotificationPreferences } from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/** The signed-in member's own notification settings (`/api/profile/notifications`). */
export const memberNotificationKeys = {
  all: ['member-notifications'] as const,
  school: (organizationId: string) => ['member-notifications', organizationId] as const,
};

function readPreferences(answer: unknown): MemberNotificationPreferences {
  const parsed = memberNotificationPreferencesSchema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useMemberNotifications(organizationId: string) {
  return useQuery({
    queryKey: memberNotificationKeys.school(organizationId),
    queryFn: async ({ signal }) =>
      readPreferences(await apiRequest('/api/profile/notifications', { signal })),
  });
}

export function useSaveMemberNotifications(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: unknown) =>
      readPreferences(await apiRequest('/api/profile/notifications', { method: 'PUT', body })),
    onSuccess: (saved) => client.setQueryData(memberNotificationKeys.school(organizationId), saved),
  });
}
