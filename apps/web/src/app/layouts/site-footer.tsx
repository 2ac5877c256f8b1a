import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { CookieSettingsDialog } from '../../features/public/cookie-settings-dialog';
import { NewsletterForm } from '../../features/public/newsletter-form';
import { Logo } from './logo';
import { SECTION_ANCHORS } from './site-header';

const footerLink =
  'inline-block rounded py-1.5 text-sm text-brand-100 underline-offset-4 hover:text-white hover:underline';

/** Footer: newsletter box, section anchors, company pages, legal pages, cookie settings. */
export function SiteFooter() {
  const { t } = useTranslation();
  const [cookiesOpen, setCookiesOpen] = useState(false);

  return (
    <footer className="bg-brand-900 text-brand-100">
      <Container className="on-dark py-12 sm:py-16">
        <div className="grid gap-8 rounded-2xl bg-brand-800 p-6 sm:p-8 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 className="text-xl font-bold text-white sm:text-2xl">{t('newsletter.title')}</h2>
            <p className="mt-2 text-brand-100">{t('newsletter.text')}</p>
          </div>
          <NewsletterForm />
        </div>

        <div className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <Link to="/" aria-label={t('nav.home')} className="inline-block rounded-lg">
              <Logo inverse />
            </Link>
            <p className="mt-4 max-w-sm text-sm leading-relaxed">{t('footer.tagline')}</p>
          </div>
          <nav aria-label={t('footer.productTitle')}>
            <h2 className="text-sm font-semibold text-white">{t('footer.productTitle')}</h2>
            <ul className="mt-3 space-y-1">
              {SECTION_ANCHORS.map((anchor) => (
                <li key={anchor.hash}>
                  <Link to={{ pathname: '/', hash: anchor.hash }} className={footerLink}>
                    {t(anchor.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('footer.companyTitle')}>
            <h2 className="text-sm font-semibold text-white">{t('footer.companyTitle')}</h2>
            <ul className="mt-3 space-y-1">
              <li>
                <Link to="/about" className={footerLink}>
                  {t('footer.about')}
                </Link>
              </li>
              <li>
                <Link to="/services" className={footerLink}>
                  {t('footer.services')}
                </Link>
              </li>
              <li>
                <Link to="/contact" className={footerLink}>
                  {t('footer.contactPage')}
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t('footer.legalTitle')} className="col-span-2 sm:col-span-1">
            <h2 className="text-sm font-semibold text-white">{t('footer.legalTitle')}</h2>
            <ul className="mt-3 space-y-1">
              <li>
                <Link to="/confidentialite" className={footerLink}>
                  {t('footer.privacy')}
                </Link>
              </li>
              <li>
                <Link to="/conditions" className={footerLink}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => setCookiesOpen(true)}
                  aria-haspopup="dialog"
                  className={`${footerLink} text-left`}
                >
                  {t('footer.cookies')}
                </button>
              </li>
            </ul>
          </nav>
        </div>

        <p className="mt-12 border-t border-brand-700 pt-6 text-sm">{t('footer.copyright')}</p>
      </Container>
      <CookieSettingsDialog open={cookiesOpen} onClose={() => setCookiesOpen(false)} />
    </footer>
  );
}
