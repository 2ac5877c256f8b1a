import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMethodLabels, type Payout, type PaymentMethodValue } from '@ecolage/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InputField, TextareaField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Pager } from '../../../components/ui/pager';
import { notify } from '../../../components/ui/toaster';
import { formatMoney } from '../../../lib/amounts';
import { errorMessage } from '../../../lib/error-message';
import { ProviderFee } from '../settlements/settlements-table';
import { dayText, PayoutStatusBadge } from './payout-words';
import {
  downloadPayoutStatement,
  PAYOUT_LINES_PAGE_SIZE,
  usePayoutAction,
  usePayoutDetail,
} from './payouts.api';

type Form = 'send' | 'paid' | 'failed' | null;

/** One action's form: labelled fields, the server's French refusal in an alert. */
function ActionForm({
  payout,
  form,
  needsTransferId,
  onDone,
}: {
  payout: Payout;
  form: Exclude<Form, null>;
  needsTransferId: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const action = usePayoutAction(payout.id);
  const [transferId, setTransferId] = useState('');
  const [valueDate, setValueDate] = useState(new Date().toISOString().slice(0, 10));
  const [bankReference, setBankReference] = useState(payout.transferId ?? '');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const request =
      form === 'send'
        ? ({ kind: 'send', body: needsTransferId ? { transferId } : {} } as const)
        : form === 'paid'
          ? ({ kind: 'mark-paid', body: { valueDate, bankReference } } as const)
          : ({ kind: 'mark-failed', body: { reason } } as const);
    action.mutate(request, {
      onSuccess: () => {
        notify.success(t(`accountingPayouts.${form}.done`));
        onDone();
      },
      onError: (error) => setFailure(errorMessage(error, t, t('accountingPayouts.actionError'))),
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      noValidate
    >
      {form === 'send' && needsTransferId ? (
        <InputField
          label={t('accountingPayouts.send.transferId')}
          hint={t('accountingPayouts.send.transferIdHint')}
          value={transferId}
          required
          onChange={(event) => setTransferId(event.target.value)}
        />
      ) : null}
      {form === 'paid' ? (
        <>
          <InputField
            label={t('accountingPayouts.paid.valueDate')}
            type="date"
            value={valueDate}
            required
            onChange={(event) => setValueDate(event.target.value)}
          />
          <InputField
            label={t('accountingPayouts.paid.bankReference')}
            value={bankReference}
            required
            onChange={(event) => setBankReference(event.target.value)}
          />
        </>
      ) : null}
      {form === 'failed' ? (
        <TextareaField
          label={t('accountingPayouts.failed.reason')}
          value={reason}
          required
          rows={2}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Button
        type="submit"
        variant={form === 'failed' ? 'danger' : 'primary'}
        disabled={action.isPending}
      >
        {t(`accountingPayouts.${form}.submit`)}
      </Button>
    </form>
  );
}

/** A payout: its figures, its payments (paged), the statement, and the actions its status allows. */
export function PayoutDetailDialog({
  payoutId,
  canManage,
  needsTransferId,
  onClose,
}: {
  payoutId: string;
  canManage: boolean;
  needsTransferId: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<Form>(null);
  const detail = usePayoutDetail(payoutId, page);
  const payout = detail.data?.payout;
  const lines = detail.data?.lines;
  const money = (amount: number) => formatMoney(amount, i18n.language);

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      closeLabel={t('accountingPayouts.detail.close')}
      title={payout ? t('accountingPayouts.detail.title', { reference: payout.reference }) : '…'}
    >
      {payout ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <PayoutStatusBadge status={payout.status} />
            <span className="text-slate-700">
              {t('accountingPayouts.periodText', {
                from: dayText(payout.periodStart, i18n.language),
                to: dayText(payout.periodEnd, i18n.language),
              })}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {(
              [
                ['gross', payout.gross],
                ['commission', payout.commission],
                ['fee', payout.providerFee],
                ['net', payout.net],
              ] as const
            ).map(([key, amount]) => (
              <div key={key} className="rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-xs font-medium text-slate-700">
                  {t(`accountingPayouts.columns.${key}`)}
                </dt>
                <dd className="font-semibold tabular-nums">{money(amount)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-slate-700">
            {t('accountingPayouts.detail.bank')} : {payout.bankName ?? '—'} — {payout.accountMasked}
            {payout.transferId
              ? ` — ${t('accountingPayouts.columns.transferId')} : ${payout.transferId}`
              : ''}
          </p>
          {payout.valueDate ? (
            <p className="text-slate-700">
              {t('accountingPayouts.detail.valueDate', {
                date: dayText(payout.valueDate, i18n.language),
                reference: payout.bankReference ?? '—',
              })}
            </p>
          ) : null}
          {payout.failureReason ? (
            <p className="text-red-800">
              {t('accountingPayouts.detail.failure', { reason: payout.failureReason })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void downloadPayoutStatement(payout)}>
              {t('accountingPayouts.detail.statement')}
            </Button>
            {canManage && payout.status === 'pending' ? (
              <Button onClick={() => setForm('send')}>{t('accountingPayouts.send.action')}</Button>
            ) : null}
            {canManage && payout.status === 'sending' ? (
              <Button onClick={() => setForm('paid')}>{t('accountingPayouts.paid.action')}</Button>
            ) : null}
            {canManage && (payout.status === 'pending' || payout.status === 'sending') ? (
              <Button variant="ghost" onClick={() => setForm('failed')}>
                {t('accountingPayouts.failed.action')}
              </Button>
            ) : null}
          </div>
          {form && canManage ? (
            <ActionForm
              key={form}
              payout={payout}
              form={form}
              needsTransferId={needsTransferId}
              onDone={() => setForm(null)}
            />
          ) : null}
          <h3 className="font-bold text-slate-900">{t('accountingPayouts.detail.lines')}</h3>
          {lines && lines.items.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-slate-700">
                    <th scope="col" className="py-1 pr-2">
                      {t('accountingPayouts.detail.date')}
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      {t('accountingPayouts.detail.student')}
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      {t('accountingPayouts.detail.wallet')}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t('accountingPayouts.columns.gross')}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t('accountingPayouts.columns.commission')}
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right">
                      {t('accountingPayouts.columns.fee')}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {t('accountingPayouts.columns.net')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.items.map((line) => (
                    <tr key={line.id} className="border-t border-slate-100">
                      <td className="py-1 pr-2 whitespace-nowrap">
                        {dayText(line.day, i18n.language)}
                      </td>
                      <td className="py-1 pr-2">
                        {line.studentLabel}
                        {line.kind === 'refund' ? ` (${t('accountingPayouts.detail.refund')})` : ''}
                      </td>
                      <td className="py-1 pr-2">
                        {paymentMethodLabels[line.wallet as PaymentMethodValue] ?? line.wallet}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">{money(line.gross)}</td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        {money(line.commission)}
                      </td>
                      <td className="py-1 pr-2 text-right tabular-nums">
                        <ProviderFee
                          amount={line.providerFee}
                          missing={line.feeRateMissing}
                          language={i18n.language}
                        />
                      </td>
                      <td className="py-1 text-right tabular-nums">{money(line.net)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-slate-700">{t('accountingPayouts.detail.noLines')}</p>
          )}
          {lines && lines.total > PAYOUT_LINES_PAGE_SIZE ? (
            <Pager
              page={page}
              pageCount={Math.ceil(lines.total / PAYOUT_LINES_PAGE_SIZE)}
              total={lines.total}
              pageSize={PAYOUT_LINES_PAGE_SIZE}
              onPageChange={setPage}
            />
          ) : null}
        </>
      ) : (
        <p>{t('accountingPayouts.loading')}</p>
      )}
    </Dialog>
  );
}
