import { useTranslation } from 'react-i18next';

// Issue 19: replaced by the accounting settings (chart mapping, periods).
export function AccountingSettingsTab() {
  const { t } = useTranslation();
  return <p className="py-6 text-slate-700">{t('accounting.tabs.settings')}</p>;
}
