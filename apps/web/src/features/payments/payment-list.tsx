import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { errorStatus } from '../../lib/error-message';
import { useListPageCount } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';
import { PaymentExports } from './payment-exports';
import { PaymentFilterBar } from './payment-filters';
import {
  hasFilters,
  PAYMENTS_PAGE_SIZE,
  paymentParamsPatch,
  readPaymentParams,
} from './payment-params';
import type { PaymentListParams } from './payment-params';
import { usePaymentRows } from './payment-records.api';
import { PaymentRowsSkeleton, PaymentRowsTable } from './payment-rows-table';

/**
 * Every payment of the school (read:payments), newest first or oldest first, filtered and paged
 * on the server by 9 (spec §2, §9), with the exports. All of it lives in the address.
 */
export function PaymentList({
  params,
  update,
  paymentHref,
}: {
  params: URLSearchParams;
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void;
  paymentHref: (paymentId: string) => string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { page, ...filters } = readPaymentParams(params);
  const rows = usePaymentRows(filters, page, PAYMENTS_PAGE_SIZE);

  const change = (state: Partial<PaymentListParams>, replace = false) =>
    update(paymentParamsPatch(state), { replace });

  const data = rows.data;
  const pages = useListPageCount(rows, page, PAYMENTS_PAGE_SIZE, update);

  const studentName =
    (filters.studentId &&
      data?.items.flatMap((row) => row.students).find((student) => student.id === filters.studentId)
        ?.name) ||
    null;

  let body;
  if (rows.isPending) {
    body = <PaymentRowsSkeleton rows={PAYMENTS_PAGE_SIZE} label={t('payments.list.loading')} />;
  } else if (rows.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('payments.list.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void rows.refetch()}
      >
        {errorStatus(rows.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = hasFilters(filters) ? (
      <ListState title={t('payments.list.emptyFiltered')}>
        {t('payments.list.emptyFilteredHint')}
      </ListState>
    ) : (
      <ListState title={t('payments.list.empty')}>{t('payments.list.emptyHint')}</ListState>
    );
  } else {
    body = (
      <PaymentRowsTable
        rows={data.items}
        caption={t('payments.list.caption')}
        busy={rows.isPlaceholderData}
        paymentHref={paymentHref}
        sort={{
          value: filters.sort,
          onToggle: () => change({ sort: filters.sort === 'desc' ? 'asc' : 'desc', page: 1 }),
        }}
      />
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {t('payments.list.title')}
        </h2>
        <PaymentExports filters={filters} />
      </div>
      <PaymentFilterBar filters={filters} studentName={studentName} onChange={change} />
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={PAYMENTS_PAGE_SIZE}
          onPageChange={(next) => change({ page: next })}
        />
      ) : null}
    </section>
  );
}
