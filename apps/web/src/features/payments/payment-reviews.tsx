import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { ReviewItem } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { errorStatus } from '../../lib/error-message';
import { pageCount } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';
import { REVIEWS_PAGE_SIZE, useReviews } from './payments.api';
import type { ReviewStatus } from './payments.api';
import { ResolveReviewDialog } from './resolve-review-dialog';
import { ReviewTable } from './review-table';

/**
 * The section's state in the address, beside the rest of the page's: `?verification=traitees`
 * (absent: those to handle) and `?page-verification=2`.
 */
const STATUS_PARAM = 'verification';
const RESOLVED = 'traitees';
const PAGE_PARAM = 'page-verification';

export function readReviewParams(params: URLSearchParams): { status: ReviewStatus; page: number } {
  const page = Number(params.get(PAGE_PARAM));
  return {
    status: params.get(STATUS_PARAM) === RESOLVED ? 'resolved' : 'open',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * « À vérifier » (reconcile:payments): the provider notifications and late successes that wait
 * for a person, those to handle or those handled, by pages of 20, each with
 * « Marquer comme vérifiée ». A member whose role does not reconcile payments is told so
 * instead of being shown a refusal.
 */
export function PaymentReviews({
  params,
  update,
  canReconcile,
  paymentHref,
}: {
  params: URLSearchParams;
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void;
  canReconcile: boolean;
  paymentHref: (paymentId: string) => string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const filterId = useId();
  const { status, page } = readReviewParams(params);
  const reviews = useReviews(status, page, canReconcile);
  const [resolving, setResolving] = useState<ReviewItem | null>(null);

  const data = reviews.data;
  const pages = data ? pageCount(data.total, REVIEWS_PAGE_SIZE) : 1;
  const overshoot = data !== undefined && !reviews.isPlaceholderData && page > pages;
  useEffect(() => {
    if (overshoot) update({ [PAGE_PARAM]: pages === 1 ? null : pages }, { replace: true });
  }, [overshoot, pages, update]);

  let body;
  if (!canReconcile) {
    body = (
      <div className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-semibold text-slate-900">{t('payments.reviews.forbiddenTitle')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('payments.reviews.forbidden')}</p>
        </div>
      </div>
    );
  } else if (reviews.isPending) {
    body = <ListState tone="loading" title={t('payments.reviews.loading')} />;
  } else if (reviews.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('payments.reviews.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void reviews.refetch()}
      >
        {errorStatus(reviews.error) === 403 ? t('payments.reviews.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body =
      status === 'open' ? (
        <ListState title={t('payments.reviews.empty')}>{t('payments.reviews.emptyHint')}</ListState>
      ) : (
        <ListState title={t('payments.reviews.emptyResolved')}>
          {t('payments.reviews.emptyResolvedHint')}
        </ListState>
      );
  } else {
    body = (
      <ReviewTable
        reviews={data.items}
        busy={reviews.isPlaceholderData}
        paymentHref={paymentHref}
        onResolve={setResolving}
      />
    );
  }

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {t('payments.reviews.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('payments.reviews.lead')}</p>
      </div>
      {canReconcile ? (
        <div role="group" aria-labelledby={filterId}>
          <p id={filterId} className="mb-1.5 text-sm font-medium text-slate-800">
            {t('payments.reviews.filter')}
          </p>
          <div className="flex flex-wrap gap-2">
            {(['open', 'resolved'] as const).map((value) => {
              const active = status === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={active}
                  onClick={() =>
                    update({
                      [STATUS_PARAM]: value === 'open' ? null : RESOLVED,
                      [PAGE_PARAM]: null,
                    })
                  }
                  className={`min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors ${
                    active
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  {t(`payments.reviews.${value}`)}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      {body}
      {canReconcile && data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={REVIEWS_PAGE_SIZE}
          onPageChange={(next) => update({ [PAGE_PARAM]: next === 1 ? null : next })}
        />
      ) : null}
      {resolving ? (
        <ResolveReviewDialog review={resolving} onClose={() => setResolving(null)} />
      ) : null}
    </section>
  );
}
