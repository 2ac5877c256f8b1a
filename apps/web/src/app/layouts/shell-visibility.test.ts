import { describe, expect, it } from 'vitest';
import { isPublicShellHidden } from './shell-visibility';

describe('isPublicShellHidden', () => {
  it.each(['/admin', '/admin/', '/admin/etudiants', '/admin/joumal', '/dashboard', '/Dashboard/x'])(
    'hides the public header and footer on %s',
    (path) => {
      expect(isPublicShellHidden(path)).toBe(true);
    },
  );

  it.each(['/', '/about', '/contact', '/login', '/administration', '/dashboards', '/x/admin'])(
    'shows them on %s',
    (path) => {
      expect(isPublicShellHidden(path)).toBe(false);
    },
  );
});
