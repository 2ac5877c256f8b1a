import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRoleRequest,
  MemberItem,
  RoleItem,
  UpdateMemberRequest,
  UpdateRoleRequest,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Utilisateurs et rôles »: members (list, invitation, role and status) and
 * roles (list, create, edit, delete). Every change refreshes both lists: a role change moves a
 * member count, a renamed role shows in the member rows.
 */

export type MemberStatus = MemberItem['status'];

export interface MemberListParams {
  search: string;
  status: MemberStatus | null;
  page: number;
  pageSize: number;
}

export interface MemberPage {
  items: MemberItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface InviteMemberRequest {
  name: string;
  email: string;
  roleId: string;
}

export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  memberList: (params: MemberListParams) => [...teamKeys.members(), params] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
  mutation: (name: string) => [...teamKeys.all, 'mutation', name] as const,
};

function isPage(value: unknown): value is MemberPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as MemberPage).items) &&
    typeof (value as MemberPage).total === 'number'
  );
}

/** `/api/members?search=&status=&page=&pageSize=` (empty filters left out). */
export function memberListPath({ search, status, page, pageSize }: MemberListParams): string {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return `/api/members?${query.toString()}`;
}

export function useMembers(params: MemberListParams) {
  return useQuery({
    queryKey: teamKeys.memberList(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(memberListPath(params), { signal });
      if (!isPage(answer)) throw new UnexpectedAnswerError();
      return answer;
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRoles() {
  return useQuery({
    queryKey: teamKeys.roles(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/roles', { signal });
      if (!Array.isArray(answer)) throw new UnexpectedAnswerError();
      return answer as RoleItem[];
    },
  });
}

/** A mutation of the team whose success refreshes the members and the roles. */
function useTeamMutation<Input, Output>(name: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.mutation(name),
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** `POST /api/members/invitations`: the new member, with the status `invited`. */
export function useInviteMember() {
  return useTeamMutation(
    'invite',
    (input: InviteMemberRequest) =>
      apiRequest('/api/members/invitations', {
        method: 'POST',
        body: input,
      }) as Promise<MemberItem>,
  );
}

/** `PATCH /api/members/:userId` with a new role and/or status (204). */
export function useUpdateMember() {
  return useTeamMutation(
    'update-member',
    async ({ userId, change }: { userId: string; change: UpdateMemberRequest }) => {
      await apiRequest(`/api/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: change,
      });
    },
  );
}

export function useCreateRole() {
  return useTeamMutation(
    'create-role',
    (input: CreateRoleRequest) =>
      apiRequest('/api/roles', { method: 'POST', body: input }) as Promise<RoleItem>,
  );
}

export function useUpdateRole() {
  return useTeamMutation(
    'update-role',
    ({ roleId, change }: { roleId: string; change: UpdateRoleRequest }) =>
      apiRequest(`/api/roles/${encodeURIComponent(roleId)}`, {
        method: 'PATCH',
        body: change,
      }) as Promise<RoleItem>,
  );
}

export function useDeleteRole() {
  return useTeamMutation('delete-role', async (roleId: string) => {
    await apiRequest(`/api/roles/${encodeURIComponent(roleId)}`, { method: 'DELETE' });
  });
}
