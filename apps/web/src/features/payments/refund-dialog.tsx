import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refundRequestSchema } from '@ecolage/contracts';
import type { PaymentTimeline, RefundMethodValue } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { ChoiceGroup, InputField, TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { amountText, formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { check, focusFirstError, serverFieldErrors, withoutError } from '../students/student-forms';
import type { FormErrors } from '../students/student-forms';
import { FormFooter } from '../students/student-ui';
import { useRefundPayment } from './payment-records.api';

const FIELDS = ['amount', 'reason', 'method'];

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
  const formRef = useRef<HTMLFormElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const refund = useRefundPayment();
  const [values, setValues] = useState({ amount: amountText(refundable, language), reason: '' });
  const [chosen, setChosen] = useState<RefundMethodValue>('provider');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const amount = readAmount(values.amount);
  const viaProvider = providerCanRefund(timeline, amount);
  const method: RefundMethodValue = viaProvider ? chosen : 'manual';
  const money = (value: number) => formatMoney(value, language);

  function change(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (refund.isPending) return;
    const checked = check(refundRequestSchema, { amount, reason: values.reason, method });
    const found: FormErrors = { ...(checked.errors ?? {}) };
    if (!found.amount && amount !== undefined && amount > refundable) {
      found.amount = t('payments.refund.amountAbove');
    }
    if (!checked.data || Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(formRef.current, found);
      return;
    }
    setFormError(null);
    let done;
    try {
      done = await refund.mutateAsync({ paymentId: payment.id, body: checked.data });
    } catch (error) {
      const onFields = serverFieldErrors(error, (path) => FIELDS.includes(path));
      const methodShown = timeline.providerRefund !== 'none';
      if (onFields && (onFields.amount || onFields.reason || (methodShown && onFields.method))) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('payments.refund.failure')));
      }
      return;
    }
    if (done.status === 'failed') {
      // Kept in the timeline as failed; here, why, so that a manual refund can follow.
      setFormError(done.failureReason ?? t('payments.refund.failure'));
      return;
    }
    onDone(done.status === 'pending' ? t('payments.refund.requested') : t('payments.refund.done'));
  }

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
          pending={refund.isPending}
          label={t('payments.refund.submit')}
          pendingLabel={t('payments.refund.submitting')}
        />
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={amountRef}
          name="amount"
          label={t('payments.refund.amount')}
          inputMode="numeric"
          autoComplete="off"
          required
          value={values.amount}
          onChange={(event) => change('amount', event.target.value)}
          onBlur={(event) => change('amount', tidyAmountText(event.target.value))}
          hint={t('payments.refund.amountHint', { max: money(refundable) })}
          error={errors.amount}
        />
        <TextareaField
          name="reason"
          label={t('payments.refund.reason')}
          rows={3}
          maxLength={500}
          required
          value={values.reason}
          onChange={(event) => change('reason', event.target.value)}
          hint={t('payments.refund.reasonHint')}
          error={errors.reason}
        />
        {timeline.providerRefund === 'none' ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
            {t('payments.refund.manualOnly')}
          </p>
        ) : (
          <ChoiceGroup legend={t('payments.refund.method')} error={errors.method}>
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
                      onChange={() => setChosen(value)}
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
