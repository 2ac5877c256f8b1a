import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { pageCount } from '../../lib/list-params';
import { WideDialog } from '../automations/wide-dialog';
import { useCouponRedemptions } from './coupons.api';

/**
 * « Utilisations » of a coupon: élève, facture, montant, canal, statut (réservé, appliqué,
 * libéré), par qui, date — 10 a page from the server. Seven columns: a wide dialog, the table
 * scrolls sideways in its focusable frame only when the window is narrower than 50 rem.
 */
export function CouponRedemptionsDialog({
  coupon,
  onClose,
}: {
  coupon: Coupon;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [page, setPage] = useState(1);
  const list = useCouponRedemptions(coupon.id, page);
  const data = list.data;

  let body;
  if (list.isPending) {
    body = <ListState tone="loading" title={t('coupons.redemptions.loading')} />;
  } else if (list.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('coupons.redemptions.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void list.refetch()}
      >
        {errorStatus(list.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = <ListState title={t('coupons.redemptions.empty')} />;
  } else {
    body = (
      <>
        <Table
          caption={t('coupons.redemptions.caption')}
          busy={list.isPlaceholderData}
          minWidth="min-w-[50rem]"
          dense
        >
          <THead>
            <Tr>
              <Th>{t('coupons.redemptions.student')}</Th>
              <Th>{t('coupons.redemptions.invoice')}</Th>
              <Th className="text-right">{t('coupons.redemptions.amount')}</Th>
              <Th>{t('coupons.redemptions.channel')}</Th>
              <Th>{t('coupons.redemptions.status')}</Th>
              <Th>{t('coupons.redemptions.by')}</Th>
              <Th>{t('coupons.redemptions.date')}</Th>
            </Tr>
          </THead>
          <TBody>
            {data.items.map((redemption) => (
              <Tr key={redemption.id}>
                <Td>
                  <span className="font-semibold text-slate-900">
                    {redemption.student.fullName}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {redemption.student.matricule}
                  </span>
                </Td>
                <Td label={t('coupons.redemptions.invoice')}>
                  {redemption.invoiceNumber ?? (
                    <span className="text-slate-600">{t('coupons.redemptions.noInvoice')}</span>
                  )}
                </Td>
                <Td
                  label={t('coupons.redemptions.amount')}
                  className="text-right whitespace-nowrap tabular-nums"
                >
                  {formatMoney(redemption.amount, language)}
                </Td>
                <Td label={t('coupons.redemptions.channel')}>
                  {t(`coupons.channels.${redemption.channel}`)}
                </Td>
                <Td label={t('coupons.redemptions.status')}>
                  {t(`coupons.redemptionStatuses.${redemption.status}`)}
                </Td>
                <Td label={t('coupons.redemptions.by')}>{redemption.by}</Td>
                <Td label={t('coupons.redemptions.date')} className="whitespace-nowrap">
                  {formatDateTime(redemption.createdAt, language)}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {data.total > 10 ? (
          <Pager
            page={page}
            pageCount={pageCount(data.total, 10)}
            total={data.total}
            pageSize={10}
            onPageChange={setPage}
          />
        ) : null}
      </>
    );
  }

  return (
    <WideDialog
      onClose={onClose}
      title={t('coupons.redemptions.title', { code: coupon.code })}
      closeLabel={t('common.close')}
      description={t('coupons.redemptions.summary', {
        uses: coupon.uses,
        discount: formatMoney(coupon.discountTotal, language),
      })}
    >
      <div className="space-y-3">{body}</div>
    </WideDialog>
  );
}
