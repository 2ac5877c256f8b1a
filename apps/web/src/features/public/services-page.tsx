import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from './page-header';

/** `/services`: how billing, payments, receipts, reminders and accounting work, and for whom. */
export function ServicesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('services.title'));
  return (
    <>
      <PageHeader title={t('services.title')} lead={t('services.lead')} />
      <section aria-labelledby="services-how" className="py-12 sm:py-16">
        <Container>
          <h2 id="services-how" className="text-2xl font-bold text-slate-900">
            {t('services.howTitle')}
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {t('services.steps', { returnObjects: true }).map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
                <span
                  aria-hidden="true"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>
      <section aria-labelledby="services-audience" className="bg-brand-50 py-12 sm:py-16">
        <Container>
          <h2 id="services-audience" className="text-2xl font-bold text-slate-900">
            {t('services.audienceTitle')}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {t('services.audience', { returnObjects: true }).map((person) => (
              <li key={person.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="font-bold text-brand-800">{person.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{person.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <Container className="flex flex-col items-start gap-4 py-12 sm:flex-row sm:items-center sm:justify-between sm:py-16">
        <p className="text-xl font-bold text-slate-900">{t('services.ctaTitle')}</p>
        <ButtonLink to={{ pathname: '/', hash: '#tarifs' }} size="lg">
          {t('services.cta')}
        </ButtonLink>
      </Container>
    </>
  );
}
