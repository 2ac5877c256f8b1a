import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementTotals } from '@ecolage/contracts';
import { SETTLEMENTS_PAGE_SIZE } from '@ecolage/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Pager } from '../../../components/ui/pager';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingSettlements } from '../../../i18n/fr/accounting-settlements';
import { formatMoney } from '../../../lib/amounts';
import { errorStatus } from '../../../lib/error-message';
import { useListPageCount } from '../../../lib/list-params';
import type { AccountingTabProps } from '../accounting-tabs';
import { SettlementFilterBar } from './settlement-filters';
import {
  hasSettlementFilters,
  readSettlementParams,
  settlementParamsPatch,
  sortClick,
} from './settlement-params';
import type { SettlementParams } from './settlement-params';
import { useSettlementPage } from './settlements.api';
import { SettlementsTable } from './settlements-table';

addFrenchStrings(accountingSettlements);

/** « Total brut », « Commission », « Frais », « Net » of every filtered line (not the page's). */
function TotalsCards({ totals, busy }: { totals: SettlementTotals; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const cards = [
    ['gross', totals.gross],
    ['commission', totals.commission],
    ['fee', totals.providerFee],
    ['net', totals.net],
  ] as const;
  return (
    <section aria-label={t('accountingSettlements.totals.label')} aria-busy={busy || undefined}>
      <p className="mb-2 text-sm text-slate-700">
        {t('accountingSettlements.totals.count', { count: totals.count })}
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(([key, amount]) => (
          <div key={key} className="rounded-2xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-sm font-medium text-slate-700">
              {t(`accountingSettlements.totals.${key}`)}
            </dt>
            <dd
              className={[
                'mt-1 text-xl font-bold tabular-nums',
                amount < 0 ? 'text-red-800' : 'text-slate-900',
              ].join(' ')}
            >
              {formatMoney(amount, i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * « Comptabilité › Paiements » (read:accounting): every settlement line of the school — date,
 * student, gross, commission, provider fee, net, status, payout — sorted by any column, filtered,
 * 8 a page on the server, with the totals of every filtered line. All of it lives in the address.
 */
export function SettlementsTab({ search, update }: AccountingTabProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const params = readSettlementParams(search);
  const page = useSettlementPage(params);
  const change = (state: Partial<SettlementParams>, replace = false) =>
    update(settlementParamsPatch(state), { replace });
  const data = page.data;
  const pages = useListPageCount(
    { data, isPlaceholderData: page.isPlaceholderData },
    params.page,
    SETTLEMENTS_PAGE_SIZE,
    update,
  );

  let body;
  if (page.isPending) {
    body = <ListState tone="loading" title={t('accountingSettlements.loading')} />;
  } else if (page.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('accountingSettlements.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void page.refetch()}
      >
        {errorStatus(page.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.rows.length === 0) {
    body = hasSettlementFilters(params) ? (
      <ListState title={t('accountingSettlements.emptyFiltered')}>
        {t('accountingSettlements.emptyFilteredHint')}
      </ListState>
    ) : (
      <ListState title={t('accountingSettlements.empty')}>
        {t('accountingSettlements.emptyHint')}
      </ListState>
    );
  } else {
    body = (
      <SettlementsTable
        rows={data.rows}
        busy={page.isPlaceholderData}
        sort={params}
        onSort={(column) => change(sortClick(params, column))}
      />
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4 pt-6">
      <h2 id={titleId} className="sr-only">
        {t('accountingSettlements.title')}
      </h2>
      <SettlementFilterBar filters={params} onChange={change} />
      {data ? <TotalsCards totals={data.totals} busy={page.isPlaceholderData} /> : null}
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(params.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={SETTLEMENTS_PAGE_SIZE}
          onPageChange={(next) => change({ page: next })}
        />
      ) : null}
    </section>
  );
}
