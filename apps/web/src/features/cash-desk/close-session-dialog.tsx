import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { closeCashSessionSchema } from '@ecolage/contracts';
import type { CashSession } from '@ecolage/contracts';
import { isFrancs } from '@ecolage/money';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { InputField, TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { check, focusFirstError, serverFieldErrors, withoutError } from '../students/student-forms';
import type { FormErrors } from '../students/student-forms';
import { useCloseCashSession } from './cash-desk.api';
import { signedMoney } from './cash-desk-ui';

const FIELDS = ['countedAmount', 'comment'];

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
  const formRef = useRef<HTMLFormElement>(null);
  const countedRef = useRef<HTMLInputElement>(null);
  const close = useCloseCashSession();
  const [counted, setCounted] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const countedAmount = readAmount(counted);
  const difference =
    countedAmount !== undefined && isFrancs(countedAmount) && countedAmount >= 0
      ? countedAmount - session.expectedCash
      : null;
  const needsComment = difference !== null && difference !== 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (close.isPending) return;
    const checked = check(closeCashSessionSchema, {
      countedAmount,
      ...(comment.trim() ? { comment } : {}),
    });
    const problems: FormErrors = { ...(checked.errors ?? {}) };
    if (needsComment && !comment.trim()) problems.comment = t('cashDesk.close.commentRequired');
    setErrors(problems);
    if (!checked.data || Object.keys(problems).length > 0) {
      focusFirstError(formRef.current, problems);
      return;
    }
    setFormError(null);
    try {
      const closed = await close.mutateAsync({ sessionId: session.id, ...checked.data });
      notify.success(t('cashDesk.close.done'));
      onClosed(closed);
    } catch (failure) {
      const onFields = serverFieldErrors(failure, (path) => FIELDS.includes(path));
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(failure, t, t('cashDesk.close.failure')));
      }
    }
  }

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
          <SubmitButton
            form={formId}
            pending={close.isPending}
            label={t('cashDesk.close.submit')}
            pendingLabel={t('cashDesk.close.submitting')}
          />
        </div>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-5"
      >
        <FormAlert>{formError}</FormAlert>
        <p className="rounded-xl bg-slate-50 px-4 py-3 font-semibold text-slate-900 tabular-nums">
          {t('cashDesk.close.expected', { amount: formatMoney(session.expectedCash, language) })}
        </p>
        <InputField
          ref={countedRef}
          name="countedAmount"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          label={t('cashDesk.close.counted')}
          aria-describedby={differenceId}
          value={counted}
          onChange={(event) => {
            setCounted(event.target.value);
            setErrors((current) => withoutError(withoutError(current, 'countedAmount'), 'comment'));
          }}
          onBlur={(event) => setCounted(tidyAmountText(event.target.value))}
          error={errors.countedAmount}
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
          name="comment"
          rows={3}
          maxLength={500}
          label={needsComment ? t('cashDesk.close.comment') : t('cashDesk.close.commentOptional')}
          aria-required={needsComment || undefined}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors((current) => withoutError(current, 'comment'));
          }}
          error={errors.comment}
        />
      </form>
    </Dialog>
  );
}
