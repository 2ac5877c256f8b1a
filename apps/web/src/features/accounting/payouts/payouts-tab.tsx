import { useTranslation } from 'react-i18next';
import type { AccountingTabProps } from '../accounting-tabs';

// Issue 19: replaced by the tab's real screen (this file's owner builds it).
export function PayoutsTab(_props: AccountingTabProps) {
  const { t } = useTranslation();
  return <p className="py-6 text-slate-700">{t('accounting.tabs.payouts')}</p>;
}
