import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import type { ReviewItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatDateTime } from '../../lib/format';

/**
 * The notifications to check: when, which provider, why, the amount expected and the amount
 * the provider reported, the guardian, a link to the payment, and « Marquer comme vérifiée »
 * (open ones) or who checked it and what they noted (resolved ones).
 */
export function ReviewTable({
  reviews,
  busy,
  paymentHref,
  onResolve,
}: {
  reviews: ReviewItem[];
  busy: boolean;
  /** The address that opens a payment on this page. */
  paymentHref: (paymentId: string) => string;
  onResolve: (review: ReviewItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const none = t('payments.reviews.none');
  const money = (amount: number | null) => (amount === null ? none : formatMoney(amount, language));
  const amount = 'whitespace-nowrap tabular-nums md:text-right';

  return (
    <Table
      caption={t('payments.reviews.caption')}
      layout="stack"
      minWidth="md:min-w-[64rem]"
      dense
      busy={busy}
    >
      <THead>
        <Tr>
          <Th>{t('payments.reviews.date')}</Th>
          <Th>{t('payments.reviews.provider')}</Th>
          <Th>{t('payments.reviews.reason')}</Th>
          <Th className="text-right">{t('payments.reviews.expected')}</Th>
          <Th className="text-right">{t('payments.reviews.reported')}</Th>
          <Th>{t('payments.reviews.guardian')}</Th>
          <Th>{t('payments.reviews.payment')}</Th>
          <Th>{t('payments.reviews.action')}</Th>
        </Tr>
      </THead>
      <TBody>
        {reviews.map((review) => {
          const date = formatDateTime(review.occurredAt, language);
          const mismatch =
            review.reportedAmount !== null && review.reportedAmount !== review.amount;
          return (
            <Tr key={review.id}>
              <Td className="font-semibold whitespace-nowrap text-slate-900">
                <time dateTime={review.occurredAt}>{date}</time>
              </Td>
              <Td label={t('payments.reviews.provider')} className="whitespace-nowrap">
                {t(`payments.providers.${review.provider}`)}
              </Td>
              <Td label={t('payments.reviews.reason')} className="md:min-w-56 md:max-w-72">
                <span className="block">{t(`payments.reviewReasons.${review.reason}`)}</span>
                {review.detail ? (
                  <span className="mt-1 block text-xs text-slate-600">{review.detail}</span>
                ) : null}
              </Td>
              <Td label={t('payments.reviews.expected')} className={amount}>
                {money(review.amount)}
              </Td>
              <Td
                label={t('payments.reviews.reported')}
                className={`${amount} ${mismatch ? 'font-semibold text-red-800' : ''}`}
              >
                {money(review.reportedAmount)}
              </Td>
              <Td label={t('payments.reviews.guardian')}>{review.guardianName ?? none}</Td>
              <Td label={t('payments.reviews.payment')} className="whitespace-nowrap">
                {review.paymentId ? (
                  <Link
                    to={paymentHref(review.paymentId)}
                    aria-label={t('payments.reviews.seePaymentLabel', { date })}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {t('payments.reviews.seePayment')}
                  </Link>
                ) : (
                  none
                )}
              </Td>
              <Td label={t('payments.reviews.action')}>
                {review.resolvedAt ? (
                  <span className="block text-sm text-slate-700">
                    <span className="inline-flex items-center gap-1.5 font-semibold text-green-800">
                      <CircleCheck aria-hidden="true" className="size-4" />
                      {t('payments.reviews.resolvedBy', {
                        date: formatDateTime(review.resolvedAt, language),
                        name: review.resolvedBy ?? none,
                      })}
                    </span>
                    {review.resolutionNote ? (
                      <span className="mt-1 block text-xs text-slate-600">
                        {t('payments.reviews.note', { note: review.resolutionNote })}
                      </span>
                    ) : null}
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('payments.reviews.resolveLabel', { date })}
                    onClick={() => onResolve(review)}
                  >
                    {t('payments.reviews.resolve')}
                  </Button>
                )}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
