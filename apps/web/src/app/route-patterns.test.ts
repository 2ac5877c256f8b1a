import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from './admin-sections';
import { appRoutePatterns } from './route-patterns';

describe('appRoutePatterns', () => {
  it('lists every page of the router and every admin section, without the catch-alls', () => {
    const patterns = appRoutePatterns();
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/login',
        '/reinitialiser-mot-de-passe',
        '/verifier/:code',
        '/admin',
        '/admin/etudiants',
        '/admin/etudiants/:studentId',
        '/admin/caisse',
        '/operateur',
        '/operateur/ecoles/:schoolId',
        '/operateur/frais',
      ]),
    );
    expect(patterns).toHaveLength(new Set(patterns).size);
    expect(patterns.filter((pattern) => pattern.includes('*'))).toEqual([]);
    expect(patterns.filter((pattern) => pattern.startsWith('/admin'))).toHaveLength(
      ADMIN_SECTIONS.length,
    );
  });
});
