import { Route, Routes } from 'react-router';
import { AdminHomePage } from '../features/admin/admin-home-page';
import { AdminNotFoundPage, AdminSectionPage } from '../features/admin/admin-states';
import { ADMIN_PAGES } from './admin-pages';
import { ADMIN_SECTIONS } from './admin-sections';
import { AdminShell } from './layouts/admin-shell';
import { RequireSession } from './require-session';
import { addFrenchStrings } from '../i18n/add-strings';
import { ui } from '../i18n/fr/ui';

// Strings of the pieces every admin screen uses (pager, dialogs, load errors).
addFrenchStrings(ui);

/**
 * The admin area, `/admin/*`: its own chunk, loaded only when an /admin address is opened. The
 * session guard, the shell and the routes of spec §2 (pages not built yet show so honestly).
 * Each built screen is a further chunk (`admin-pages.ts`), behind its section's permission.
 */
export function AdminArea() {
  return (
    <RequireSession>
      <Routes>
        <Route element={<AdminShell />}>
          <Route index element={<AdminHomePage />} />
          {ADMIN_SECTIONS.filter((section) => section.path !== '').map((section) => (
            <Route
              key={section.key}
              path={section.path}
              element={<AdminSectionPage section={section} page={ADMIN_PAGES[section.key]} />}
            />
          ))}
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Routes>
    </RequireSession>
  );
}

export { preloadAdminPage } from './admin-pages';
