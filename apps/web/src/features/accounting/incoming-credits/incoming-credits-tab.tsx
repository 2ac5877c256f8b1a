import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  incomingCreditStatusValues,
  providerLabels,
  type IncomingCredit,
  type IncomingCreditStatus,
} from '@ecolage/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Pager } from '../../../components/ui/pager';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { incomingCredits } from '../../../i18n/fr/incoming-credits';
import { formatMoney } from '../../../lib/amounts';
import { errorStatus } from '../../../lib/error-message';
import { useListPageCount } from '../../../lib/list-params';
import { can, useSession } from '../../auth/session-store';
import type { AccountingTabProps } from '../accounting-tabs';
import { AssignCreditDialog } from './assign-credit-dialog';
import { incomingCreditParamsPatch, readIncomingCreditParams } from './incoming-credit-params';
import type { IncomingCreditParams } from './incoming-credits.api';
import {
  INCOMING_CREDITS_PAGE_SIZE,
  useIncomingCredits,
  useMerchantAccounts,
} from './incoming-credits.api';
import { IncomingCreditsTable } from './incoming-credits-table';
import { ReturnCreditDialog } from './return-credit-dialog';

addFrenchStrings(incomingCredits);

/** The school's merchant codes (read-only): where parents' menu payments are sent. */
function MerchantAccounts() {
  const { t } = useTranslation();
  const titleId = useId();
  const accounts = useMerchantAccounts();
  if (!accounts.isSuccess) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('incomingCredits.merchantAccounts.title')}
      </h3>
      {accounts.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('incomingCredits.merchantAccounts.none')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t('incomingCredits.merchantAccounts.lead')}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {accounts.data.map((account) => (
              <li
                key={account.id}
                className="rounded-lg bg-slate-100 px-3 py-1 font-mono text-sm text-slate-900"
              >
                {t('incomingCredits.merchantAccounts.item', {
                  provider: providerLabels[account.provider],
                  code: account.merchantCode,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * « Comptabilité › À affecter » (read:accounting): money that arrived unasked — merchant payments
 * from a wallet's menu, statement lines, bank transfers — newest first, filtered by status and
 * search in the address (`?vue=a-affecter&statut=a-affecter&q=…&page=2`); « Affecter » and
 * « Rendre » for members who record payments (record:payments), the receipt once assigned.
 */
export function IncomingCreditsTab({ search, update }: AccountingTabProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const canRecord = can('record:payments', session);
  const params = readIncomingCreditParams(search);
  const page = useIncomingCredits(params);
  const data = page.data;
  const [assigning, setAssigning] = useState<IncomingCredit | null>(null);
  const [returning, setReturning] = useState<IncomingCredit | null>(null);
  const change = (state: Partial<IncomingCreditParams>, replace = false) =>
    update(incomingCreditParamsPatch(state), { replace });
  const pages = useListPageCount(
    { data, isPlaceholderData: page.isPlaceholderData },
    params.page,
    INCOMING_CREDITS_PAGE_SIZE,
    update,
  );
  const filtered = params.status !== null || params.q !== '';

  let body;
  if (page.isPending) {
    body = <ListState tone="loading" title={t('incomingCredits.loading')} />;
  } else if (page.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('incomingCredits.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void page.refetch()}
      >
        {errorStatus(page.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = filtered ? (
      <ListState title={t('incomingCredits.emptyFiltered')}>
        {t('incomingCredits.emptyFilteredHint')}
      </ListState>
    ) : (
      <ListState title={t('incomingCredits.empty')}>{t('incomingCredits.emptyHint')}</ListState>
    );
  } else {
    body = (
      <IncomingCreditsTable
        credits={data.items}
        busy={page.isPlaceholderData}
        canRecord={canRecord}
        onAssign={setAssigning}
        onReturn={setReturning}
      />
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 pt-6">
      <div>
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('incomingCredits.title')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('incomingCredits.lead')}</p>
        {data ? (
          <p className="mt-2 text-base font-semibold text-slate-900" aria-live="polite">
            {data.waiting.count === 0
              ? t('incomingCredits.waitingNone')
              : t('incomingCredits.waiting', {
                  count: data.waiting.count,
                  amount: formatMoney(data.waiting.amount, i18n.language),
                })}
          </p>
        ) : null}
      </div>
      <MerchantAccounts />
      <div
        role="search"
        aria-label={t('incomingCredits.filters.label')}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <SelectField
          label={t('incomingCredits.filters.status')}
          compact
          value={params.status ?? ''}
          onChange={(event) =>
            change({ status: (event.target.value || null) as IncomingCreditStatus | null })
          }
          options={[
            { value: '', label: t('incomingCredits.filters.all') },
            ...incomingCreditStatusValues.map((status) => ({
              value: status,
              label: t(`incomingCredits.statuses.${status}`),
            })),
          ]}
        />
        <SearchField
          label={t('incomingCredits.filters.search')}
          placeholder={t('incomingCredits.filters.searchPlaceholder')}
          value={params.q}
          onSearch={(q) => change({ q }, true)}
          className="sm:max-w-sm"
        />
      </div>
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(params.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={INCOMING_CREDITS_PAGE_SIZE}
          onPageChange={(next) => change({ status: params.status, q: params.q, page: next })}
        />
      ) : null}
      {assigning ? (
        <AssignCreditDialog credit={assigning} onClose={() => setAssigning(null)} />
      ) : null}
      {returning ? (
        <ReturnCreditDialog credit={returning} onClose={() => setReturning(null)} />
      ) : null}
    </section>
  );
}
