import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LockKeyholeOpen } from 'lucide-react';
import { openCashSessionSchema } from '@ecolage/contracts';
import { SubmitButton } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { readAmount, tidyAmountText } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { check, serverFieldErrors } from '../students/student-forms';
import { useOpenCashSession } from './cash-desk.api';
import { Panel } from './cash-desk-ui';

/**
 * « Ouvrir la caisse »: the opening float counted in the drawer, a whole number of francs (0
 * for an empty drawer), checked with the contracts' schema before it is sent.
 */
export function OpenSessionForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const open = useOpenCashSession();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (open.isPending) return;
    const checked = check(openCashSessionSchema, { openingFloat: readAmount(text) });
    if (!checked.data) {
      setError(checked.errors.openingFloat);
      inputRef.current?.focus();
      return;
    }
    setFormError(null);
    try {
      await open.mutateAsync(checked.data.openingFloat);
      notify.success(t('cashDesk.open.done'));
    } catch (failure) {
      const onField = serverFieldErrors(failure, (path) => path === 'openingFloat');
      if (onField) {
        setError(onField.openingFloat);
        inputRef.current?.focus();
      } else {
        setFormError(errorMessage(failure, t, t('cashDesk.open.failure')));
      }
    }
  }

  return (
    <Panel titleId={titleId} title={t('cashDesk.open.title')}>
      <p className="text-slate-700">{t('cashDesk.open.lead')}</p>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void handleSubmit(event)}
        className="mt-5 space-y-5"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={inputRef}
          name="openingFloat"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          wrapperClassName="sm:w-1/2"
          label={t('cashDesk.open.float')}
          hint={t('cashDesk.open.floatHint')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          onBlur={(event) => setText(tidyAmountText(event.target.value))}
          error={error}
        />
        <SubmitButton
          pending={open.isPending}
          label={t('cashDesk.open.submit')}
          pendingLabel={t('cashDesk.open.submitting')}
          icon={<LockKeyholeOpen aria-hidden="true" className="size-4" />}
          className="max-sm:w-full"
        />
      </form>
    </Panel>
  );
}
