import { systemRoles } from '@ecolage/contracts';
import type { MemberItem, RoleItem } from '@ecolage/contracts';
import { jsonResponse } from '../../test/fetch-mock';
import type { RouteRequest, Routes } from '../../test/api-routes';
import type { MemberPage } from './team.api';

/** Test data of « Utilisateurs et rôles »: the seven base roles, one custom role, members. */

const roleIds: Record<string, string> = {
  super_admin: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c04',
  director: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
  finance: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
  accounting: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e03',
  registrar: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e04',
  cashier: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e05',
  reader: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e06',
};

const memberCounts: Record<string, number> = { super_admin: 1, finance: 1, reader: 1 };

export const ROLES: RoleItem[] = [
  ...systemRoles.map((role) => ({
    id: roleIds[role.key] ?? '',
    name: role.name,
    description: role.description,
    permissions: [...role.permissions],
    memberCount: memberCounts[role.key] ?? 0,
    system: true,
    assignable: true,
  })),
  {
    id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01',
    name: 'Surveillant',
    description: 'Contrôle des présences',
    permissions: ['read:students'],
    memberCount: 0,
    system: false,
    assignable: true,
  },
  {
    id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a02',
    name: 'Secrétariat',
    description: '',
    permissions: ['read:students', 'read:payments'],
    memberCount: 2,
    system: false,
    assignable: true,
  },
];

export const roleId = (key: string) => roleIds[key] ?? '';

/** `GET /api/roles` as a member holding `permissions` reads it: which roles he may give. */
export function rolesAsSeenBy(permissions: readonly string[]): RoleItem[] {
  return ROLES.map((role) => ({
    ...role,
    assignable: role.permissions.every((permission) => permissions.includes(permission)),
  }));
}

/** The signed-in member of the test session (`test/session.ts`). */
export const SELF: MemberItem = {
  userId: '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03',
  name: 'Ama Mensah',
  email: 'ama@flamboyants.tg',
  avatarUrl: null,
  role: { id: roleId('super_admin'), name: 'Super administration' },
  status: 'active',
  lastLoginAt: '2026-11-21T14:05:00.000Z',
  since: '2026-09-01T08:00:00.000Z',
};

export const FINANCE: MemberItem = {
  userId: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d01',
  name: 'Kossi Lawson',
  email: 'finance@flamboyants.tg',
  avatarUrl: null,
  role: { id: roleId('finance'), name: 'Finance' },
  status: 'active',
  lastLoginAt: null,
  since: '2026-09-01T08:00:00.000Z',
};

export const READER: MemberItem = {
  userId: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d02',
  name: 'Essi Dogbé',
  email: 'lecteur@flamboyants.tg',
  avatarUrl: null,
  role: { id: roleId('reader'), name: 'Lecteur' },
  status: 'inactive',
  lastLoginAt: '2026-03-02T09:30:00.000Z',
  since: '2026-09-01T08:00:00.000Z',
};

export const INVITED: MemberItem = {
  userId: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d03',
  name: 'Yao Agbeko',
  email: 'yao@flamboyants.tg',
  avatarUrl: null,
  role: { id: roleId('cashier'), name: 'Caissier' },
  status: 'invited',
  lastLoginAt: null,
  since: '2026-11-20T08:00:00.000Z',
};

export const MEMBERS = [SELF, FINANCE, READER, INVITED];

/** `GET /api/members` over `members`: search, status and pages as the server does them. */
export function listMembers(members: MemberItem[], total?: number) {
  return ({ url }: RouteRequest): MemberPage => {
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 10);
    const found = members.filter(
      (member) =>
        (!search || member.name.toLowerCase().includes(search) || member.email.includes(search)) &&
        (!status || member.status === status),
    );
    return {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      total: total ?? found.length,
      page,
      pageSize,
    };
  };
}

/** The routes of the screen, with the usual data; `extra` adds or replaces some. */
export function teamRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/members': listMembers(MEMBERS),
    'GET /api/roles': () => ROLES,
    ...extra,
  };
}

export const noContent = () => new Response(null, { status: 204 });

/** A 409 as the server answers it (`code`: the domain code of the refusal). */
export const conflict =
  (message: string, code = 'CONFLICT') =>
  () =>
    jsonResponse(409, { message, code });
