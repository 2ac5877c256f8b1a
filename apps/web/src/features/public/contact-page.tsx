import { useTranslation } from 'react-i18next';
import { Container } from '../../components/ui/container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ContactPanel } from './contact-details';
import { PageHeader } from './page-header';

/** `/contact`: the same details and form as the landing page's contact block. */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contactPage.title'));
  return (
    <>
      <PageHeader title={t('contactPage.title')} lead={t('contactPage.lead')} />
      <Container className="py-12 sm:py-16">
        <ContactPanel headingLevel={2} />
      </Container>
    </>
  );
}
