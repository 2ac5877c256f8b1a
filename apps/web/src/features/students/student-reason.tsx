import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { errorMessage } from '../../lib/error-message';
import { check, serverFieldErrors } from './student-forms';
import type { Schema } from './student-forms';

export interface ReasonFormProps {
  /** What happens, said before the reason is asked. */
  description: ReactNode;
  label: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The contracts' schema of the request body (`{reason}`). */
  schema: Schema<{ reason: string }>;
  pending: boolean;
  /** Sends the reason; a refusal is shown in the form. */
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
  cancelLabel?: string;
}

/**
 * An irreversible act that needs a reason (void an invoice, withdraw an enrolment, waive a late
 * fee): the reason is required (3 characters at least, the contracts' rule) and the red button
 * is the confirmation.
 */
export function ReasonForm({
  description,
  label,
  confirmLabel,
  pendingLabel,
  schema,
  pending,
  onSubmit,
  onCancel,
  cancelLabel,
}: ReasonFormProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => ref.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = check(schema, { reason });
    if (checked.errors) {
      setError(checked.errors.reason ?? t('studentDetail.reason.required'));
      ref.current?.focus();
      return;
    }
    setError(null);
    setFormError(null);
    try {
      await onSubmit(checked.data.reason);
    } catch (caught) {
      const onField = serverFieldErrors(caught, (path) => path === 'reason');
      if (onField?.reason) {
        setError(onField.reason);
        ref.current?.focus();
      } else {
        setFormError(errorMessage(caught, t, t('studentDetail.invoice.failure')));
      }
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
      <div className="text-slate-700">{description}</div>
      <FormAlert>{formError}</FormAlert>
      <TextareaField
        ref={ref}
        name="reason"
        label={label}
        rows={3}
        maxLength={500}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(null);
        }}
        error={error ?? undefined}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
        <SubmitButton
          variant="danger"
          pending={pending}
          label={confirmLabel}
          pendingLabel={pendingLabel}
        />
      </div>
    </form>
  );
}

/** `ReasonForm` in its own dialog (a fresh, empty form each time it opens). */
export function ReasonDialog({
  open,
  title,
  onClose,
  ...form
}: Omit<ReasonFormProps, 'onCancel'> & { open: boolean; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.close')}>
      {open ? <ReasonForm {...form} onCancel={onClose} /> : null}
    </Dialog>
  );
}
