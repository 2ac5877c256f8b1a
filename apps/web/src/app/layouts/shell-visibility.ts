/** Areas with their own chrome: the public header and footer are hidden there (spec §2). */
const AREAS_WITHOUT_PUBLIC_SHELL = ['/admin', '/dashboard'] as const;

/**
 * True on `/admin`, `/dashboard` and anything under them (`/admin/etudiants`), whatever the case
 * or trailing slash; false for look-alikes such as `/administration`.
 */
export function isPublicShellHidden(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return AREAS_WITHOUT_PUBLIC_SHELL.some((area) => path === area || path.startsWith(`${area}/`));
}
