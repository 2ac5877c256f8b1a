import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { ContactPanel } from '../public/contact-details';

/** `#contact` block of the landing page: details and the contact form. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 py-16 sm:py-24">
      <Container>
        <div className="max-w-2xl">
          <h2
            id="contact-title"
            className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl"
          >
            {t('contact.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('contact.intro')}</p>
        </div>
        <div className="mt-12">
          <ContactPanel />
        </div>
      </Container>
    </section>
  );
}
