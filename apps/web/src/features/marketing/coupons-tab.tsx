import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, RotateCcw, TicketPercent } from 'lucide-react';
import { couponScopeValues, couponStatusValues } from '@ecolage/contracts';
import type { Coupon, CouponScope, CouponStatus } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { coupons as couponStrings } from '../../i18n/fr/coupons';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { useListPageCount, useListParams } from '../../lib/list-params';
import { can, useSession } from '../auth/session-store';
import { CouponDialog } from './coupon-dialog';
import { couponParamsPatch, COUPONS_PAGE_SIZE, readCouponParams } from './coupon-params';
import { CouponRedemptionsDialog } from './coupon-redemptions-dialog';
import { CouponTable } from './coupon-table';
import type { CouponMenuAction } from './coupon-table';
import { useCouponAction, useCoupons } from './coupons.api';
import type { CouponAction } from './coupons.api';

addFrenchStrings(couponStrings);

/** The list when the school has no coupon yet: what coupons are for, and the button. */
function NoCoupon({ canWrite, onCreate }: { canWrite: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <TicketPercent aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">{t('coupons.table.emptyTitle')}</p>
      <p className="mt-1 max-w-xl text-sm text-slate-700">{t('coupons.table.emptyHint')}</p>
      {canWrite ? (
        <Button className="mt-5" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          {t('coupons.create')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * « Coupons » tab of « Marketing »: search, status, scope and « archivés » filters and the page
 * on the server, in the address (`coupon-params.ts`); the table and its « Action » menu
 * (Modifier, Désactiver / Réactiver, Utilisations, Archiver); « Nouveau Coupon »
 * (write:marketing) opens this tab's own dialog.
 */
export function CouponsTab() {
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = can('write:marketing', session);
  const [search, update] = useListParams();
  const params = readCouponParams(search);
  const list = useCoupons({ ...params, pageSize: COUPONS_PAGE_SIZE });
  const pages = useListPageCount(list, params.page, COUPONS_PAGE_SIZE, update);
  const [editing, setEditing] = useState<Coupon | null | undefined>(undefined);
  const [usesOf, setUsesOf] = useState<Coupon | null>(null);
  const [archiving, setArchiving] = useState<Coupon | null>(null);
  const action = useCouponAction();
  const data = list.data;
  const filtered = Boolean(params.search || params.status || params.scope);

  async function perform(kind: CouponAction, coupon: Coupon) {
    try {
      await action.mutateAsync({ id: coupon.id, action: kind });
      const done = {
        disable: 'coupons.actions.disabled',
        enable: 'coupons.actions.enabled',
        archive: 'coupons.actions.archivedDone',
      } as const;
      notify.success(t(done[kind], { code: coupon.code }));
    } catch (error) {
      notify.error(errorMessage(error, t, t('coupons.actions.failure')));
    }
  }

  function onAction(kind: CouponMenuAction, coupon: Coupon) {
    if (kind === 'edit') setEditing(coupon);
    else if (kind === 'redemptions') setUsesOf(coupon);
    else if (kind === 'archive') setArchiving(coupon);
    else void perform(kind, coupon);
  }

  let body;
  if (list.isPending) {
    body = <ListState tone="loading" title={t('coupons.table.loading')} />;
  } else if (list.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('coupons.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void list.refetch()}
      >
        {errorStatus(list.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = filtered ? (
      <ListState title={t('coupons.table.emptyFilteredTitle')}>
        {t('coupons.table.emptyFilteredHint')}
      </ListState>
    ) : params.archived ? (
      <ListState title={t('coupons.table.emptyArchivedTitle')} />
    ) : (
      <NoCoupon canWrite={canWrite} onCreate={() => setEditing(null)} />
    );
  } else {
    body = (
      <CouponTable
        coupons={data.items}
        busy={list.isPlaceholderData}
        canWrite={canWrite}
        onAction={onAction}
      />
    );
  }

  return (
    <div className="space-y-4 pt-2">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
          <SearchField
            className="sm:col-span-2 lg:w-72"
            label={t('coupons.search')}
            placeholder={t('coupons.searchPlaceholder')}
            value={params.search}
            onSearch={(next) =>
              update(couponParamsPatch({ search: next, page: 1 }), { replace: true })
            }
          />
          <SelectField
            compact
            wrapperClassName="lg:w-44"
            label={t('coupons.filters.status')}
            placeholder={t('coupons.filters.statusAll')}
            value={params.status ?? ''}
            onChange={(event) =>
              update(
                couponParamsPatch({
                  status: (event.target.value || null) as CouponStatus | null,
                  page: 1,
                }),
              )
            }
            options={couponStatusValues.map((value) => ({
              value,
              label: t(`coupons.statuses.${value}`),
            }))}
          />
          <SelectField
            compact
            wrapperClassName="lg:w-56"
            label={t('coupons.filters.scope')}
            placeholder={t('coupons.filters.scopeAll')}
            value={params.scope ?? ''}
            onChange={(event) =>
              update(
                couponParamsPatch({
                  scope: (event.target.value || null) as CouponScope | null,
                  page: 1,
                }),
              )
            }
            options={couponScopeValues.map((value) => ({
              value,
              label: t(`coupons.scopes.${value}`),
            }))}
          />
          <Checkbox
            wrapperClassName="min-h-11 items-center sm:col-span-2 lg:pb-0"
            label={t('coupons.filters.archived')}
            checked={params.archived}
            onChange={(event) =>
              update(couponParamsPatch({ archived: event.target.checked, page: 1 }))
            }
          />
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                update(couponParamsPatch({ search: '', status: null, scope: null, page: 1 }))
              }
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('coupons.filters.reset')}
            </Button>
          ) : null}
        </div>
        {canWrite ? (
          <Button onClick={() => setEditing(null)} className="shrink-0 max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t('coupons.create')}
          </Button>
        ) : null}
      </div>

      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(params.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={COUPONS_PAGE_SIZE}
          onPageChange={(next) => update(couponParamsPatch({ page: next }))}
        />
      ) : null}

      {editing !== undefined ? (
        <CouponDialog coupon={editing} onClose={() => setEditing(undefined)} />
      ) : null}
      {usesOf ? <CouponRedemptionsDialog coupon={usesOf} onClose={() => setUsesOf(null)} /> : null}
      <ConfirmDialog
        open={archiving !== null}
        title={t('coupons.actions.archiveTitle')}
        confirmLabel={t('coupons.actions.archiveConfirm')}
        pendingLabel={t('coupons.actions.pending')}
        cancelLabel={t('ui.cancel')}
        closeLabel={t('common.close')}
        pending={action.isPending}
        tone="danger"
        onConfirm={() => {
          if (!archiving) return;
          void perform('archive', archiving).finally(() => setArchiving(null));
        }}
        onClose={() => setArchiving(null)}
      >
        <p>{archiving ? t('coupons.actions.archiveBody', { code: archiving.code }) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
