import { permissionCatalogue } from '@ecolage/contracts';
import type { Permission } from '@ecolage/contracts';
import type { FrenchStrings } from '../../i18n/fr';

/**
 * The permission catalogue of the contracts, in its order and groups, with the i18n keys of
 * its labels (`team.permissionGroups.*`, `team.permissions.*`).
 */
type CatalogueGroup = keyof typeof permissionCatalogue;
export type PermissionGroupKey = keyof FrenchStrings['team']['permissionGroups'];
export type PermissionKey = keyof FrenchStrings['team']['permissions'];

/** `read:students` → `read_students` (i18next reads « : » as a namespace separator). */
type KeyOf<P extends string> = P extends `${infer Action}:${infer Entity}`
  ? `${Action}_${Entity}`
  : never;

// Fails to compile when the French strings miss a permission of the catalogue.
const _everyPermissionHasALabel: Record<
  KeyOf<Permission>,
  string
> = {} as FrenchStrings['team']['permissions'];

const GROUP_KEYS: Record<CatalogueGroup, PermissionGroupKey> = {
  Étudiants: 'students',
  Programmes: 'programmes',
  Factures: 'invoices',
  Paiements: 'payments',
  Marketing: 'marketing',
  Automatisations: 'automations',
  Comptabilité: 'accounting',
  Statistiques: 'statistics',
  "Journal d'audit": 'audit',
  'Utilisateurs et rôles': 'members',
  Paramètres: 'settings',
};

export interface PermissionGroup {
  key: PermissionGroupKey;
  permissions: Permission[];
}

export const PERMISSION_GROUPS: readonly PermissionGroup[] = (
  Object.entries(permissionCatalogue) as [CatalogueGroup, Record<string, string>][]
).map(([group, permissions]) => ({
  key: GROUP_KEYS[group],
  permissions: Object.keys(permissions) as Permission[],
}));

export function permissionKey(permission: Permission): KeyOf<Permission> {
  return permission.replace(':', '_') as KeyOf<Permission>;
}

/** The groups of `granted`, each with the granted permissions only, in catalogue order. */
export function groupPermissions(granted: readonly Permission[]): PermissionGroup[] {
  const set = new Set(granted);
  return PERMISSION_GROUPS.map((group) => ({
    key: group.key,
    permissions: group.permissions.filter((permission) => set.has(permission)),
  })).filter((group) => group.permissions.length > 0);
}
