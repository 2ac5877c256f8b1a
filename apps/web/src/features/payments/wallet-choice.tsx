import { useTranslation } from 'react-i18next';
import { CreditCard, Smartphone } from 'lucide-react';
import type { WalletValue } from '@ecolage/contracts';
import { ChoiceGroup } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { usePaymentOptions } from './payments.api';

/**
 * « Moyen de paiement »: the wallets the school collects with, as radio cards (arrow keys move
 * between them, like any radio group). Loading, a failed load and a school without any wallet
 * are said in place.
 */
export function WalletChoice({
  value,
  onChange,
  error,
}: {
  value: WalletValue | null;
  onChange: (wallet: WalletValue) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const options = usePaymentOptions();

  let body;
  if (options.isPending) {
    body = <p className="text-sm text-slate-600">{t('payments.request.walletsLoading')}</p>;
  } else if (options.isError) {
    body = (
      <ListState
        tone="error"
        title={t('payments.request.walletsError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void options.refetch()}
      />
    );
  } else if (options.data.wallets.length === 0) {
    body = <p className="text-sm text-slate-700">{t('payments.request.noWallet')}</p>;
  } else {
    body = (
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.data.wallets.map((wallet) => {
          const Icon = wallet === 'CARD' ? CreditCard : Smartphone;
          return (
            <label
              key={wallet}
              className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="wallet"
                value={wallet}
                checked={value === wallet}
                onChange={() => onChange(wallet)}
                className="size-5 shrink-0 accent-brand-600"
              />
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              {t(`payments.wallets.${wallet}`)}
            </label>
          );
        })}
      </div>
    );
  }

  return (
    <ChoiceGroup legend={t('payments.request.wallet')} error={error}>
      {body}
    </ChoiceGroup>
  );
}
