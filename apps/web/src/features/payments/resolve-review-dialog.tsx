import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveReviewRequestSchema } from '@ecolage/contracts';
import type { ReviewItem } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { check, serverFieldErrors } from '../students/student-forms';
import { useResolveReview } from './payments.api';

/**
 * « Marquer comme vérifiée » (reconcile:payments): what was checked, in a required note (3 to
 * 500 characters, the contracts' rule), kept with the notification and in the audit journal.
 * `POST /api/payments/reviews/:reviewId/resolve {note}`.
 */
export function ResolveReviewDialog({
  review,
  onClose,
}: {
  review: ReviewItem;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const resolve = useResolveReview();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resolve.isPending) return;
    const checked = check(resolveReviewRequestSchema, { note });
    if (checked.errors) {
      setError(checked.errors.note ?? null);
      noteRef.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    try {
      await resolve.mutateAsync({ reviewId: review.id, note: checked.data.note });
    } catch (caught) {
      const onField = serverFieldErrors(caught, (path) => path === 'note');
      if (onField?.note) {
        setError(onField.note);
        noteRef.current?.focus();
      } else {
        setFormError(errorMessage(caught, t, t('payments.resolve.failure')));
      }
      return;
    }
    onClose();
    notify.success(t('payments.resolve.done'));
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('payments.resolve.title')}
      description={`${t(`payments.reviewReasons.${review.reason}`)} — ${formatDateTime(
        review.occurredAt,
        i18n.language,
      )}`}
      closeLabel={t('common.close')}
      initialFocus={noteRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <SubmitButton
            form={formId}
            pending={resolve.isPending}
            label={t('payments.resolve.submit')}
            pendingLabel={t('payments.resolve.submitting')}
          />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <p className="text-slate-700">{t('payments.resolve.body')}</p>
        <FormAlert>{formError}</FormAlert>
        <TextareaField
          ref={noteRef}
          name="note"
          label={t('payments.resolve.note')}
          rows={4}
          maxLength={500}
          required
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
        />
      </form>
    </Dialog>
  );
}
