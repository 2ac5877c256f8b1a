import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Catch-all route (spec §2, §8): any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">
        {t('notFound.code')}
      </p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-5 max-w-xl text-lg text-slate-700">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/" size="lg">
          {t('notFound.home')}
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary" size="lg">
          {t('notFound.contact')}
        </ButtonLink>
      </div>
    </Container>
  );
}
