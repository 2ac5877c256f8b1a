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
const LoginPage = lazyPage(pageModules.login, (m) => m.LoginPage);
const SignupPage = lazyPage(pageModules.signup, (m) => m.SignupPage);
const InvitationPage = lazyPage(pageModules.invitation, (m) => m.InvitationPage);
const ForgotPasswordPage = lazyPage(pageModules.passwordReset, (m) => m.ForgotPasswordPage);
const ResetPasswordPage = lazyPage(pageModules.passwordReset, (m) => m.ResetPasswordPage);
const ReceiptVerificationPage = lazyPage(
  pageModules.receiptVerification,
  (m) => m.ReceiptVerificationPage,
);
const AdminArea = lazyPage(pageModules.admin, (m) => m.AdminArea);
const OperatorArea = lazyPage(pageModules.operator, (m) => m.OperatorArea);

const PAGES_BY_MODULE: Record<PageModuleKey, readonly LazyPage[]> = {
  landing: [LandingPage],
  about: [AboutPage],
  services: [ServicesPage],
  contact: [ContactPage],
  legal: [PrivacyPage, TermsPage],
  notFound: [NotFoundPage],
  login: [LoginPage],
  signup: [SignupPage],
  invitation: [InvitationPage],
  passwordReset: [ForgotPasswordPage, ResetPasswordPage],
  receiptVerification: [ReceiptVerificationPage],
  admin: [AdminArea],
  operator: [OperatorArea],
};

/** Loads the page `pathname` shows, so the first render (or hydration) includes it at once. */
export async function preloadPage(pathname: string): Promise<void> {
  const module = pageModuleFor(pathname);
  await Promise.all(PAGES_BY_MODULE[module].map((page) => page.preload()));
  // In the admin area, its screen too (a chunk of its own).
  if (module === 'admin') await (await pageModules.admin()).preloadAdminPage(pathname);
}

/**
 * Route table (spec §2). The admin area is one lazy chunk with its own shell, guard and nested
 * routes; everything else sits in the public shell.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="admin/*" element={<AdminArea />} />
      <Route path="operateur/*" element={<OperatorArea />} />
      <Route element={<PublicShell />}>
        <Route index element={<LandingPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="confidentialite" element={<PrivacyPage />} />
        <Route path="conditions" element={<TermsPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="invitation" element={<InvitationPage />} />
        <Route path="mot-de-passe-oublie" element={<ForgotPasswordPage />} />
        <Route path="reinitialiser-mot-de-passe" element={<ResetPasswordPage />} />
        <Route path="verifier/:code" element={<ReceiptVerificationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
