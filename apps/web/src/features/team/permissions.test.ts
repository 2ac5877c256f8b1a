import { describe, expect, it } from 'vitest';
import { allPermissions, permissionCatalogue } from '@ecolage/contracts';
import { en } from '../../i18n/en';
import { team } from '../../i18n/fr/team';
import { groupPermissions, PERMISSION_GROUPS, permissionKey } from './permissions';

describe('permission catalogue on screen', () => {
  it('keeps the groups and order of the contracts', () => {
    expect(PERMISSION_GROUPS.flatMap((group) => group.permissions)).toEqual(allPermissions);
    expect(PERMISSION_GROUPS.map((group) => team.team.permissionGroups[group.key])).toEqual(
      Object.keys(permissionCatalogue),
    );
  });

  it('shows in French exactly the labels of the catalogue, and has each in English', () => {
    const catalogueLabels = Object.values(permissionCatalogue).flatMap((group) =>
      Object.entries(group),
    );
    expect(
      catalogueLabels.map(([permission]) => [
        permission,
        team.team.permissions[permissionKey(permission as never)],
      ]),
    ).toEqual(catalogueLabels);
    expect(Object.keys(team.team.permissions)).toHaveLength(allPermissions.length);
    expect(Object.keys(en.team.permissions).sort()).toEqual(
      Object.keys(team.team.permissions).sort(),
    );
  });

  it('groups a role’s permissions, leaving out the empty groups', () => {
    expect(groupPermissions(['read:payments', 'read:students', 'write:students'])).toEqual([
      { key: 'students', permissions: ['read:students', 'write:students'] },
      { key: 'payments', permissions: ['read:payments'] },
    ]);
    expect(groupPermissions([])).toEqual([]);
  });
});
