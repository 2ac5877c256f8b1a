import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { closeCashSessionSchema } from '@ecolage/contracts';
import type { CashSession } from '@ecolage/contracts';
import { isFrancs } from '@ecolage/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import {
  FormError,
  FormField,
  FormSubmitButton,
  fieldError,
  useSchemaForm,
} from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { useCloseCashSession } from './cash-desk.api';
import { signedMoney } from './cash-desk-ui';

interface CloseValues {
  countedAmount: string;
  comment: string;
  /** The cash the session expects in the drawer. */
  expectedCash: number;
}

/** The difference between the cash counted and the cash expected, once the count is an amount. */
function differenceOf(values: CloseValues): number | null {
  const counted = readAmount(values.countedAmount);
  return counted !== undefined && isFrancs(counted) && counted >= 0
    ? counted - values.expectedCash
    : null;
}

/** The count as typed, read into francs; a difference needs its explanation. */
const closeFormSchema = readFormSchema<CloseValues, { countedAmount: number; comment?: string }>(
  closeCashSessionSchema,
  {
    read: ({ countedAmount, comment }) => ({
      countedAmount: readAmount(countedAmount),
      ...(comment.trim() ? { comment } : {}),
    }),
    more: (values) => {
      const difference = differenceOf(values);
      return difference !== null && difference !== 0 && !values.comment.trim()
        ? [{ code: 'custom', path: ['comment'], message: '' }]
        : [];
    },
  },
);

/**
 * « Clôturer la caisse »: the cashier counts the drawer; the dialog shows the expected cash and
 * the difference as they type (« Écart : −2 000 FCFA »). A difference needs an explanation
 * before the session can be closed; it is kept with the session and in its report.
 */
export function CloseSessionDialog({
  session,
  onClose,
  onClosed,
}: {
  session: CashSession;
  onClose: () => void;
  onClosed: (session: CashSession) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const formId = useId();
  const differenceId = useId();
  const countedRef = useRef<HTMLInputElement>(null);
  const close = useCloseCashSession();
  const form = useSchemaForm(closeFormSchema, {
    defaultValues: { countedAmount: '', comment: '', expectedCash: session.expectedCash },
    messages: (translate) => ({
      comment: { invalid: translate('cashDesk.close.commentRequired') },
    }),
  });
  const difference = differenceOf({ ...form.watch(), expectedCash: session.expectedCash });
  const needsComment = difference !== null && difference !== 0;
  const countedField = form.register('countedAmount', {
    onChange: () => form.clearErrors('comment'),
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('countedAmount', tidyAmountText(event.target.value)),
  });

  const submit = form.submitWith(async (count) => {
    const closed = await close.mutateAsync({ sessionId: session.id, ...count });
    notify.success(t('cashDesk.close.done'));
    onClosed(closed);
  }, t('cashDesk.close.failure'));

  let verdict = '';
  if (difference !== null) {
    if (difference < 0) verdict = t('cashDesk.close.missing');
    else if (difference > 0) verdict = t('cashDesk.close.surplus');
    else verdict = t('cashDesk.close.balanced');
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('cashDesk.close.title')}
      description={t('cashDesk.close.lead')}
      closeLabel={t('common.close')}
      initialFocus={countedRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <FormSubmitButton
            form={form}
            formId={formId}
            pending={close.isPending}
            label={t('cashDesk.close.submit')}
            pendingLabel={t('cashDesk.close.submitting')}
          />
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
        <FormError form={form} />
        <p className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900 tabular-nums">
          {t('cashDesk.close.expected', { amount: formatMoney(session.expectedCash, language) })}
        </p>
        <FormField
          form={form}
          {...countedField}
          ref={countedRef}
          name="countedAmount"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          label={t('cashDesk.close.counted')}
          aria-describedby={differenceId}
        />
        <div
          id={differenceId}
          aria-live="polite"
          className={[
            'rounded-xl tabular-nums',
            difference === null
              ? ''
              : difference < 0
                ? 'bg-red-50 px-4 py-3 text-red-900'
                : difference > 0
                  ? 'bg-orange-50 px-4 py-3 text-orange-900'
                  : 'bg-green-50 px-4 py-3 text-green-900',
          ].join(' ')}
        >
          {difference !== null ? (
            <>
              <p className="font-bold">
                {t('cashDesk.close.difference', { amount: signedMoney(difference, language) })}
              </p>
              <p className="text-sm">{verdict}</p>
            </>
          ) : null}
        </div>
        <TextareaField
          {...form.register('comment')}
          rows={3}
          maxLength={500}
          label={needsComment ? t('cashDesk.close.comment') : t('cashDesk.close.commentOptional')}
          aria-required={needsComment || undefined}
          error={fieldError(form, 'comment')}
        />
      </form>
    </Dialog>
  );
}
