import { useTranslation } from 'react-i18next';
import { ListState } from '../../components/ui/list-state';
import { errorStatus } from '../../lib/error-message';
import { BillingSettingsForm } from './billing-settings-form';
import { useBillingSettings } from './programmes.api';

/**
 * « Règles de facturation » (read:settings): what the invoices of enrolments follow. Editable
 * with manage:settings, read-only otherwise.
 */
export function BillingSettingsSection({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const settings = useBillingSettings();

  let body;
  if (settings.isPending) {
    body = <ListState tone="loading" title={t('programmes.billing.loading')} />;
  } else if (settings.isError) {
    body = (
      <ListState
        tone="error"
        title={t('programmes.billing.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void settings.refetch()}
      >
        {errorStatus(settings.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else {
    body = <BillingSettingsForm settings={settings.data} canManage={canManage} />;
  }

  return (
    <section aria-labelledby="regles-titre" className="space-y-4">
      <div>
        <h2 id="regles-titre" className="text-xl font-bold text-slate-900">
          {t('programmes.billing.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('programmes.billing.lead')}</p>
        {canManage ? null : (
          <p className="mt-1 text-sm text-slate-600">{t('programmes.billing.readOnly')}</p>
        )}
      </div>
      {body}
    </section>
  );
}
