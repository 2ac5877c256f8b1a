import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailX } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { invitation } from '../../i18n/fr/invitation';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AcceptInvitationForm, HasAccessLink } from './accept-invitation-form';
import { LinkStatePage } from './auth-layout';
import { isInvalidLink, useInvitationPreview } from './invitation.api';
import { readLinkToken } from './validation';

addFrenchStrings(invitation);

/** The link is missing, used, expired or wrong: say so, with the way home. */
function InvalidInvitation() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.invalidTitle'));
  return (
    <LinkStatePage
      icon={MailX}
      title={t('invitation.invalidTitle')}
      lead={t('invitation.invalid')}
      footer={<HasAccessLink />}
    >
      <ButtonLink to="/" size="lg" className="w-full">
        {t('invitation.home')}
      </ButtonLink>
    </LinkStatePage>
  );
}

/** The preview could not be fetched (network): try again. */
function InvitationLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  return (
    <LinkStatePage
      title={t('invitation.loadErrorTitle')}
      lead={t('invitation.loadError')}
      footer={<HasAccessLink />}
    >
      <Button size="lg" className="w-full" onClick={onRetry} disabled={retrying}>
        {t('invitation.retry')}
      </Button>
    </LinkStatePage>
  );
}

function InvitationLoading() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="text-slate-700">{t('invitation.loading')}</span>
    </div>
  );
}

/**
 * /invitation?token=… (public): the page of the e-mail a school sends to a new member. A link
 * that is missing, used or expired gets a clear state with the way home; a lost connection, a
 * retry.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = readLinkToken(searchParams);
  const preview = useInvitationPreview(token);
  const [usedUp, setUsedUp] = useState(false);

  // The login page comes next: fetched while the person reads and types.
  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  if (token === null || usedUp || (preview.isError && isInvalidLink(preview.error))) {
    return <InvalidInvitation />;
  }
  if (preview.isError) {
    return (
      <InvitationLoadError onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
    );
  }
  if (preview.isPending) return <InvitationLoading />;
  return (
    <AcceptInvitationForm
      token={token}
      preview={preview.data}
      onInvalidLink={() => setUsedUp(true)}
    />
  );
}
