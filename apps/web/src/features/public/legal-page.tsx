import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from './page-header';

/** `/confidentialite` and `/conditions`: numbered sections of short paragraphs. */
function LegalPage({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`${document}.title`));
  return (
    <>
      <PageHeader title={t(`${document}.title`)} lead={t(`${document}.lead`)} />
      <Container className="py-12 sm:py-16">
        <div className="max-w-3xl space-y-10">
          {t(`${document}.sections`, { returnObjects: true }).map((section, index) => (
            <section key={section.title} aria-labelledby={`${document}-${index}`}>
              <h2 id={`${document}-${index}`} className="text-xl font-bold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              {section.body.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
      </Container>
    </>
  );
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}
