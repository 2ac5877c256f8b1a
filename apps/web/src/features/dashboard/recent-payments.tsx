import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { errorStatus } from '../../lib/error-message';
import { readPage, useListPageCount, useListParams } from '../../lib/list-params';
import { PAYMENT_PARAM } from '../payments/payment-params';
import type { PaymentFilters } from '../payments/payment-params';
import { usePaymentRows } from '../payments/payment-records.api';
import { PaymentRowsSkeleton, PaymentRowsTable } from '../payments/payment-rows-table';

/** The spec's 4 rows of recent payments (§2, §9). */
export const RECENT_PAYMENTS_PAGE_SIZE = 4;

const NEWEST_FIRST: PaymentFilters = {
  status: null,
  psp: null,
  from: null,
  to: null,
  search: '',
  studentId: null,
  sort: 'desc',
};

/**
 * « Paiements récents » (read:payments): the school's payments, newest first, by pages of 4 with
 * the spec's pager (§4: previous and next disabled at the ends, two pages each side of the
 * current one, the first and the last, « … » between). The page is in the address (`?page=2`);
 * a row opens the payment's drawer on « Paiements ».
 */
export function RecentPayments() {
  const { t } = useTranslation();
  const titleId = useId();
  const [params, update] = useListParams();
  const page = readPage(params);
  const rows = usePaymentRows(NEWEST_FIRST, page, RECENT_PAYMENTS_PAGE_SIZE);

  const data = rows.data;
  const pages = useListPageCount(rows, page, RECENT_PAYMENTS_PAGE_SIZE, update);

  let body;
  if (rows.isPending) {
    body = (
      <PaymentRowsSkeleton rows={RECENT_PAYMENTS_PAGE_SIZE} label={t('dashboard.recent.loading')} />
    );
  } else if (rows.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('dashboard.recent.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void rows.refetch()}
      >
        {errorStatus(rows.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState title={t('dashboard.recent.empty')}>{t('dashboard.recent.emptyHint')}</ListState>
    );
  } else {
    body = (
      <PaymentRowsTable
        rows={data.items}
        caption={t('dashboard.recent.caption')}
        busy={rows.isPlaceholderData}
        paymentHref={(paymentId) =>
          `/admin/paiements?${new URLSearchParams({ [PAYMENT_PARAM]: paymentId })}`
        }
      />
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {t('dashboard.recent.title')}
        </h2>
        <Link
          to="/admin/paiements"
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
        >
          {t('dashboard.recent.seeAll')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={RECENT_PAYMENTS_PAGE_SIZE}
          onPageChange={(next) => update({ page: next === 1 ? null : next })}
        />
      ) : null}
    </section>
  );
}
