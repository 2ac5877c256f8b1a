import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormSubmitButton, fieldError, useSchemaForm } from '../../components/ui/form';
import type { FormSchema } from '../../components/ui/form';

export interface ReasonFormProps {
  /** What happens, said before the reason is asked. */
  description: ReactNode;
  label: string;
  confirmLabel: string;
  pendingLabel: string;
  /** The contracts' schema of the request body (`{reason}`). */
  schema: FormSchema<{ reason: string }, { reason: string }>;
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
  const form = useSchemaForm(schema, { defaultValues: { reason: '' } });
  const reasonField = form.register('reason');

  useEffect(() => ref.current?.focus(), []);

  const submit = form.submitWith(
    ({ reason }) => onSubmit(reason),
    t('studentDetail.invoice.failure'),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="text-slate-700">{description}</div>
      <FormError form={form} />
      <TextareaField
        {...reasonField}
        ref={(element) => {
          reasonField.ref(element);
          ref.current = element;
        }}
        label={label}
        rows={3}
        maxLength={500}
        required
        error={fieldError(form, 'reason')}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
        <FormSubmitButton
          form={form}
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
