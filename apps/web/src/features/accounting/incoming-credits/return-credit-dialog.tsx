import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomingCredit } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../components/ui/toaster';
import { formatMoney } from '../../../lib/amounts';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useReturnIncomingCredit } from './incoming-credits.api';

/** « Rendre à l'expéditeur »: the reason (3 characters at least), kept in the journal. */
export function ReturnCreditDialog({
  credit,
  onClose,
}: {
  credit: IncomingCredit;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [note, setNote] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const send = useReturnIncomingCredit();
  const field = useRef<HTMLTextAreaElement>(null);
  const base = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (note.trim().length < 3) {
      setTooShort(true);
      field.current?.focus();
      return;
    }
    send.mutate(
      { creditId: credit.id, note: note.trim() },
      {
        onSuccess: () => {
          notify.success(t('incomingCredits.returnDialog.done'));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('incomingCredits.returnDialog.title')}
      description={t('incomingCredits.returnDialog.description', {
        amount: formatMoney(credit.amount, language),
        date: formatDateTime(credit.receivedAt, language),
      })}
      closeLabel={t('incomingCredits.returnDialog.close')}
      initialFocus={field}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${base}-note`} className="block text-sm font-semibold text-slate-900">
            {t('incomingCredits.returnDialog.note')}
          </label>
          <textarea
            ref={field}
            id={`${base}-note`}
            value={note}
            maxLength={500}
            rows={3}
            onChange={(event) => {
              setNote(event.target.value);
              if (tooShort) setTooShort(false);
            }}
            aria-invalid={tooShort || undefined}
            aria-describedby={`${base}-aide${tooShort ? ` ${base}-erreur` : ''}`}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          />
          <p id={`${base}-aide`} className="mt-1 text-sm text-slate-600">
            {t('incomingCredits.returnDialog.noteHint')}
          </p>
          {tooShort ? (
            <p id={`${base}-erreur`} className="mt-1 text-sm font-semibold text-red-800">
              {t('incomingCredits.returnDialog.noteShort')}
            </p>
          ) : null}
        </div>
        {send.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {errorMessage(send.error, t, t('incomingCredits.returnDialog.failure'))}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('incomingCredits.returnDialog.cancel')}
          </Button>
          <SubmitButton
            pending={send.isPending}
            label={t('incomingCredits.returnDialog.submit')}
            pendingLabel={t('incomingCredits.returnDialog.submitting')}
          />
        </div>
      </form>
    </Dialog>
  );
}
