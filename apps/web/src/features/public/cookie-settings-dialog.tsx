import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** What Écolage stores in the browser: strictly necessary cookies only, no trackers. */
export function CookieSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('cookies.title')}
      closeLabel={t('common.close')}
      footer={<Button onClick={onClose}>{t('cookies.ok')}</Button>}
    >
      <p>{t('cookies.intro')}</p>
      <section>
        <h3 className="font-semibold text-slate-900">{t('cookies.necessaryTitle')}</h3>
        <p className="mt-1">{t('cookies.necessaryText')}</p>
      </section>
      <section>
        <h3 className="font-semibold text-slate-900">{t('cookies.storageTitle')}</h3>
        <p className="mt-1">{t('cookies.storageText')}</p>
      </section>
      <p className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900">
        {t('cookies.noTrackers')}
      </p>
    </Dialog>
  );
}
