import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveReviewRequestSchema } from '@ecolage/contracts';
import type { ReviewItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormSubmitButton, fieldError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { formatDateTime } from '../../lib/format';
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
  const form = useSchemaForm(resolveReviewRequestSchema, { defaultValues: { note: '' } });
  const noteField = form.register('note');

  const submit = form.submitWith(async ({ note }) => {
    await resolve.mutateAsync({ reviewId: review.id, note });
    onClose();
    notify.success(t('payments.resolve.done'));
  }, t('payments.resolve.failure'));

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
          <FormSubmitButton
            form={form}
            formId={formId}
            pending={resolve.isPending}
            label={t('payments.resolve.submit')}
            pendingLabel={t('payments.resolve.submitting')}
          />
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-slate-700">{t('payments.resolve.body')}</p>
        <FormError form={form} />
        <TextareaField
          {...noteField}
          ref={(element) => {
            noteField.ref(element);
            noteRef.current = element;
          }}
          label={t('payments.resolve.note')}
          rows={4}
          maxLength={500}
          required
          error={fieldError(form, 'note')}
        />
      </form>
    </Dialog>
  );
}
