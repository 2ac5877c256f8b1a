import { useTranslation } from 'react-i18next';
import { Mail, MapPin, Phone } from 'lucide-react';
import { ContactForm } from './contact-form';

/** Écolage's own contact details (spec §1: an e-mail, a phone and a city in Togo). */
export const COMPANY_CONTACT = {
  email: 'contact@ecolage.tg',
  phoneDisplay: '+228 22 21 45 45',
  phoneHref: 'tel:+22822214545',
} as const;

export function ContactDetails({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation();
  const item = 'flex items-start gap-4';
  const icon =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700';
  const link = 'font-semibold text-brand-700 underline-offset-4 hover:underline';
  return (
    <div>
      <Heading className="text-lg font-bold text-slate-900">{t('contact.detailsTitle')}</Heading>
      <ul className="mt-6 space-y-6">
        <li className={item}>
          <span className={icon}>
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm text-slate-600">{t('contact.emailLabel')}</p>
            <p>
              <a href={`mailto:${COMPANY_CONTACT.email}`} className={link}>
                {COMPANY_CONTACT.email}
              </a>
            </p>
          </div>
        </li>
        <li className={item}>
          <span className={icon}>
            <Phone aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm text-slate-600">{t('contact.phoneLabel')}</p>
            <p>
              <a href={COMPANY_CONTACT.phoneHref} className={`${link} whitespace-nowrap`}>
                {COMPANY_CONTACT.phoneDisplay}
              </a>
            </p>
          </div>
        </li>
        <li className={item}>
          <span className={icon}>
            <MapPin aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm text-slate-600">{t('contact.addressLabel')}</p>
            <p className="font-semibold text-slate-900">{t('contact.address')}</p>
          </div>
        </li>
      </ul>
    </div>
  );
}

/**
 * Details beside the form, shared by the landing page's #contact block (under its h2, so h3
 * titles) and the /contact page (under the page's h1, so h2 titles).
 */
export function ContactPanel({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
      <ContactDetails headingLevel={headingLevel} />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Heading className="text-lg font-bold text-slate-900">{t('contact.formTitle')}</Heading>
        <div className="mt-4">
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
