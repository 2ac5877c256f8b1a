import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { refundRequestSchema } from '@ecolage/contracts';
import type { PaymentTimeline, RefundMethodValue, RefundRequestBody } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { ChoiceGroup, InputField, TextareaField } from '../../components/ui/field';
import { FormError, fieldError, useSchemaForm } from '../../components/ui/form';
import { amountText, formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { formatDateTime } from '../../lib/format';
import { FormFooter } from '../students/student-ui';
import { readFormSchema } from './payment-form-schema';
import { useRefundPayment } from './payment-records.api';

/** What the form holds, with the payment it refunds. */
interface RefundValues {
  amount: string;
  reason: string;
  /** The method chosen; the provider only when it can refund the amount. */
  chosen: RefundMethodValue;
  timeline: Pick<PaymentTimeline, 'providerRefund' | 'payment' | 'refundable'>;
}

/**
 * Whether the provider can refund `amount` of this payment: any part of it (`partial`), only the
 * whole payment (`full`: Wave's sessions), or nothing (`none`: the cash desk, most wallets).
 */
export function providerCanRefund(
  timeline: Pick<PaymentTimeline, 'providerRefund' | 'payment'>,
  amount: number | undefined,
): boolean {
  if (timeline.providerRefund === 'partial') return true;
  return timeline.providerRefund === 'full' && amount === timeline.payment.amount;
}

/** The method sent: the one chosen, or by hand when the provider cannot refund the amount. */
function methodOf(values: RefundValues): RefundMethodValue {
  return providerCanRefund(values.timeline, readAmount(values.amount)) ? values.chosen : 'manual';
}

/** The amount as typed, read into francs; never above what is left to refund. */
const refundFormSchema = readFormSchema<RefundValues, RefundRequestBody>(refundRequestSchema, {
  read: (values) => ({
    amount: readAmount(values.amount),
    reason: values.reason,
    method: methodOf(values),
  }),
  more: (values) => {
    const amount = readAmount(values.amount);
    return amount !== undefined && amount > values.timeline.refundable
      ? [{ code: 'too_big', origin: 'number', path: ['amount'], message: '', input: amount }]
      : [];
  },
});

/**
 * « Rembourser » (refund:payments): how much (the refundable rest at most, whole francs), why
 * (required, kept in the journal) and how: through the provider when it can refund that amount,
 * else by hand (the money given back outside it, then recorded here).
 * `POST /api/payments/:paymentId/refunds {amount, reason, method}`.
 */
export function RefundDialog({
  timeline,
  onClose,
  onDone,
}: {
  timeline: PaymentTimeline;
  onClose: () => void;
  /** Told what happened, to say it in the drawer (a toast would sit behind it, inert). */
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { payment, refundable } = timeline;
  const formId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const refund = useRefundPayment();
  const form = useSchemaForm(refundFormSchema, {
    defaultValues: {
      amount: amountText(refundable, language),
      reason: '',
      chosen: 'provider',
      timeline,
    },
    messages: (translate) => ({ amount: { tooBig: translate('payments.refund.amountAbove') } }),
  });
  const values = form.watch();
  const viaProvider = providerCanRefund(timeline, readAmount(values.amount));
  const method = methodOf({ ...values, timeline });
  const money = (value: number) => formatMoney(value, language);
  const amountField = form.register('amount', {
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('amount', tidyAmountText(event.target.value)),
  });

  const submit = form.submitWith(async (body) => {
    const done = await refund.mutateAsync({ paymentId: payment.id, body });
    if (done.status === 'failed') {
      // Kept in the timeline as failed; here, why, so that a manual refund can follow.
      form.setError('root.server', {
        type: 'server',
        message: done.failureReason ?? t('payments.refund.failure'),
      });
      return;
    }
    onDone(done.status === 'pending' ? t('payments.refund.requested') : t('payments.refund.done'));
  }, t('payments.refund.failure'));

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('payments.refund.title')}
      description={t('payments.refund.description', {
        amount: money(payment.amount),
        date: formatDateTime(payment.succeededAt ?? payment.createdAt, language),
        payer: payment.guardianName,
      })}
      closeLabel={t('common.close')}
      initialFocus={amountRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={refund.isPending || form.formState.isSubmitting}
          label={t('payments.refund.submit')}
          pendingLabel={t('payments.refund.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <InputField
          {...amountField}
          ref={(element: HTMLInputElement | null) => {
            amountField.ref(element);
            amountRef.current = element;
          }}
          label={t('payments.refund.amount')}
          inputMode="numeric"
          autoComplete="off"
          required
          hint={t('payments.refund.amountHint', { max: money(refundable) })}
          error={fieldError(form, 'amount')}
        />
        <TextareaField
          {...form.register('reason')}
          label={t('payments.refund.reason')}
          rows={3}
          maxLength={500}
          required
          hint={t('payments.refund.reasonHint')}
          error={fieldError(form, 'reason')}
        />
        {timeline.providerRefund === 'none' ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
            {t('payments.refund.manualOnly')}
          </p>
        ) : (
          <ChoiceGroup legend={t('payments.refund.method')} error={fieldError(form, 'chosen')}>
            <div className="space-y-1">
              {(['provider', 'manual'] as const).map((value) => {
                const disabled = value === 'provider' && !viaProvider;
                return (
                  <label
                    key={value}
                    className={`flex min-h-11 items-center gap-2 text-sm ${
                      disabled
                        ? 'cursor-not-allowed text-slate-500'
                        : 'cursor-pointer text-slate-800'
                    }`}
                  >
                    <input
                      type="radio"
                      name="method"
                      value={value}
                      checked={method === value}
                      disabled={disabled}
                      onChange={() => form.setValue('chosen', value)}
                      className="size-5 shrink-0 accent-brand-600"
                    />
                    {t(`payments.refund.methods.${value}`, {
                      provider: t(`payments.providers.${payment.provider}`),
                    })}
                  </label>
                );
              })}
            </div>
            {timeline.providerRefund === 'full' && !viaProvider ? (
              <p className="mt-1 text-sm text-slate-700">{t('payments.refund.fullOnly')}</p>
            ) : null}
          </ChoiceGroup>
        )}
      </form>
    </Dialog>
  );
}
