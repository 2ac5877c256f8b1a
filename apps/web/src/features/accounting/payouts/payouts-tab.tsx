import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutStatusValues, payoutStatusWords } from '@ecolage/contracts';
import { Button } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select';
import { notify } from '../../../components/ui/toaster';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingPayouts } from '../../../i18n/fr/accounting-payouts';
import { errorMessage, errorStatus } from '../../../lib/error-message';
import { can, useSession } from '../../auth/session-store';
import type { AccountingTabProps } from '../accounting-tabs';
import { PayoutDetailDialog } from './payout-detail-dialog';
import { PayoutSettingsForm } from './payout-settings-form';
import { PayoutsTable } from './payouts-table';
import { readPayoutStatus } from './payout-words';
import {
  PAYOUTS_PAGE_SIZE,
  useCreatePayout,
  usePayoutsPage,
  usePayoutSettings,
} from './payouts.api';

addFrenchStrings(accountingPayouts);

/**
 * « Comptabilité › Virements » (read:accounting): the payouts of net amounts to the school's bank
 * account — reference, period, payments, gross, commission, fees, net, status, transfer id —
 * 8 a page on the server, the status and page in the address (`statut`, `page`); « Créer un
 * virement », each payout's detail and actions (manage:payouts), the schedule.
 */
export function PayoutsTab({ search, update }: AccountingTabProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const canManage = can('manage:payouts', session);
  const status = readPayoutStatus(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = usePayoutsPage(page, status);
  const settings = usePayoutSettings();
  const create = useCreatePayout();
  const [openId, setOpenId] = useState<string | null>(null);
  const data = list.data;

  let body;
  if (list.isPending) {
    body = <ListState tone="loading" title={t('accountingPayouts.loading')} />;
  } else if (list.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('accountingPayouts.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void list.refetch()}
      >
        {errorStatus(list.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = status ? (
      <ListState title={t('accountingPayouts.emptyFiltered')} />
    ) : (
      <ListState title={t('accountingPayouts.empty')}>{t('accountingPayouts.emptyHint')}</ListState>
    );
  } else {
    body = <PayoutsTable payouts={data.items} busy={list.isPlaceholderData} onOpen={setOpenId} />;
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('accountingPayouts.title')}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            compact
            label={t('accountingPayouts.statusFilter')}
            value={status ? payoutStatusWords[status] : ''}
            onChange={(event) => update({ statut: event.target.value || null, page: null })}
            options={[
              { value: '', label: t('accountingPayouts.allStatuses') },
              ...payoutStatusValues.map((value) => ({
                value: payoutStatusWords[value],
                label: t(`accountingPayouts.status.${value}`),
              })),
            ]}
          />
          {canManage ? (
            <Button
              disabled={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: (payout) => {
                    notify.success(t('accountingPayouts.created', { reference: payout.reference }));
                    setOpenId(payout.id);
                  },
                  onError: (error) =>
                    notify.error(errorMessage(error, t, t('accountingPayouts.actionError'))),
                })
              }
            >
              {t('accountingPayouts.create')}
            </Button>
          ) : null}
        </div>
      </div>
      {body}
      {data && data.total > PAYOUTS_PAGE_SIZE ? (
        <Pager
          page={page}
          pageCount={Math.ceil(data.total / PAYOUTS_PAGE_SIZE)}
          total={data.total}
          pageSize={PAYOUTS_PAGE_SIZE}
          onPageChange={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      ) : null}
      <PayoutSettingsForm canManage={canManage} />
      {openId ? (
        <PayoutDetailDialog
          payoutId={openId}
          canManage={canManage}
          needsTransferId={settings.data?.transferIdTyped ?? true}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}
