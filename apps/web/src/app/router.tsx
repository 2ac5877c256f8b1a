import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LandingPage } from '../features/marketing/landing-page';
import { PublicShell } from './layouts/public-shell';

/** Lazy page from a named export: each secondary page is its own chunk. */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const AboutPage = lazyPage(() => import('../features/public/about-page'), (m) => m.AboutPage);
const ServicesPage = lazyPage(
  () => import('../features/public/services-page'),
  (m) => m.ServicesPage,
);
const ContactPage = lazyPage(() => import('../features/public/contact-page'), (m) => m.ContactPage);
const PrivacyPage = lazyPage(() => import('../features/public/legal-page'), (m) => m.PrivacyPage);
const TermsPage = lazyPage(() => import('../features/public/legal-page'), (m) => m.TermsPage);
const NotFoundPage = lazyPage(
  () => import('../features/public/not-found-page'),
  (m) => m.NotFoundPage,
);

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

/** Wraps a lazy page in its own Suspense boundary; the landing page needs none (eager). */
function page(Page: ComponentType) {
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
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
        <Route path="about" element={page(AboutPage)} />
        <Route path="services" element={page(ServicesPage)} />
        <Route path="contact" element={page(ContactPage)} />
        <Route path="confidentialite" element={page(PrivacyPage)} />
        <Route path="conditions" element={page(TermsPage)} />
        <Route path="*" element={page(NotFoundPage)} />
      </Route>
    </Routes>
  );
}
