import { Route, Routes } from 'react-router';
import { PublicShell } from './layouts/public-shell';
import { lazyPage } from './lazy-page';
import type { LazyPage } from './lazy-page';
import { pageModuleFor, pageModules } from './page-modules';
import type { PageModuleKey } from './page-modules';

const LandingPage = lazyPage(pageModules.landing, (m) => m.LandingPage);
const AboutPage = lazyPage(pageModules.about, (m) => m.AboutPage);
const ServicesPage = lazyPage(pageModules.services, (m) => m.ServicesPage);
const ContactPage = lazyPage(pageModules.contact, (m) => m.ContactPage);
const PrivacyPage = lazyPage(pageModules.legal, (m) => m.PrivacyPage);
const TermsPage = lazyPage(pageModules.legal, (m) => m.TermsPage);
const NotFoundPage = lazyPage(pageModules.notFound, (m) => m.NotFoundPage);

const PAGES_BY_MODULE: Record<PageModuleKey, readonly LazyPage[]> = {
  landing: [LandingPage],
  about: [AboutPage],
  services: [ServicesPage],
  contact: [ContactPage],
  legal: [PrivacyPage, TermsPage],
  notFound: [NotFoundPage],
};

/** Loads the page `pathname` shows, so the first render (or hydration) includes it at once. */
export async function preloadPage(pathname: string): Promise<void> {
  await Promise.all(PAGES_BY_MODULE[pageModuleFor(pathname)].map((page) => page.preload()));
}

/**
 * Route table (spec §2). /login and /signup are linked from the shell and arrive with the
 * authentication issue; until then they fall through to the not-found page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicShell />}>
        <Route index element={<LandingPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="confidentialite" element={<PrivacyPage />} />
        <Route path="conditions" element={<TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
