import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from './page-header';

/** `/about`: who Écolage is, its mission for private schools, its commitments. */
export function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('about.title'));
  return (
    <>
      <PageHeader title={t('about.title')} lead={t('about.lead')} />
      <Container className="grid gap-12 py-12 sm:py-16 lg:grid-cols-2">
        <section aria-labelledby="about-who">
          <h2 id="about-who" className="text-2xl font-bold text-slate-900">
            {t('about.whoTitle')}
          </h2>
          {t('about.who', { returnObjects: true }).map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
        <section aria-labelledby="about-mission">
          <h2 id="about-mission" className="text-2xl font-bold text-slate-900">
            {t('about.missionTitle')}
          </h2>
          {t('about.mission', { returnObjects: true }).map((paragraph) => (
            <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      </Container>
      <section aria-labelledby="about-values" className="bg-brand-50 py-12 sm:py-16">
        <Container>
          <h2 id="about-values" className="text-2xl font-bold text-slate-900">
            {t('about.valuesTitle')}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {t('about.values', { returnObjects: true }).map((value) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-bold text-brand-800">{value.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <Container className="flex flex-col items-start gap-4 py-12 sm:flex-row sm:items-center sm:justify-between sm:py-16">
        <p className="text-xl font-bold text-slate-900">{t('about.ctaTitle')}</p>
        <ButtonLink to="/contact" size="lg">
          {t('about.cta')}
        </ButtonLink>
      </Container>
    </>
  );
}
