/**
 * Where each page's code lives. Every page is its own chunk; this module holds only the loaders
 * (no React), so the tiny boot script can start fetching the page the URL needs in parallel with
 * the app bundle. The router wraps the same loaders in `lazyPage`.
 */
export const pageModules = {
  landing: () => import('../features/landing/landing-page'),
  about: () => import('../features/public/about-page'),
  services: () => import('../features/public/services-page'),
  contact: () => import('../features/public/contact-page'),
  legal: () => import('../features/public/legal-page'),
  notFound: () => import('../features/public/not-found-page'),
  login: () => import('../features/auth/login-page'),
  signup: () => import('../features/auth/signup-page'),
  /** Reached from e-mails: an invitation, a forgotten password and its reset link. */
  invitation: () => import('../features/auth/invitation-page'),
  /** Both password pages under one key (a reset link follows a request), each its own chunk. */
  passwordReset: () =>
    Promise.all([
      import('../features/auth/forgot-password-page'),
      import('../features/auth/reset-password-page'),
    ]).then(([forgot, reset]) => ({ ...forgot, ...reset })),
  /** Opened from a receipt's QR code: is this receipt authentic? */
  receiptVerification: () => import('../features/public/receipt-verification-page'),
  /** The whole admin area: guard, shell and its pages. */
  admin: () => import('./admin-area'),
  /** The platform operator's console: its own layout and pages. */
  operator: () => import('../features/operator/operator-area'),
};

export type PageModuleKey = keyof typeof pageModules;

/** Path (as in router.tsx) → module. */
const BY_PATH: Record<string, PageModuleKey> = {
  '/': 'landing',
  '/about': 'about',
  '/services': 'services',
  '/contact': 'contact',
  '/confidentialite': 'legal',
  '/conditions': 'legal',
  '/login': 'login',
  '/signup': 'signup',
  '/invitation': 'invitation',
  '/mot-de-passe-oublie': 'passwordReset',
  '/reinitialiser-mot-de-passe': 'passwordReset',
};

/** The module `pathname` renders (case and trailing slash ignored, like the router). */
export function pageModuleFor(pathname: string): PageModuleKey {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (path === '/operateur' || path.startsWith('/operateur/')) return 'operator';
  // `/verifier/<code>`: one segment after the prefix, as the router's `verifier/:code`.
  if (/^\/verifier\/[^/]+$/.test(path)) return 'receiptVerification';
  return BY_PATH[path] ?? 'notFound';
}
