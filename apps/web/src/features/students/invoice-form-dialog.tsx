import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { invoiceRequestSchema } from '@ecolage/contracts';
import type { InvoiceRequest } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormError, FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { useCreateInvoice } from './student-mutations.api';
import { formatMoney, readAmount } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { FormFooter, RadioChoice } from './student-ui';

interface InvoiceValues {
  studentId: string;
  label: string;
  dueOn: string;
  /** Label and amount as typed (« 150 000 »). */
  lines: { label: string; amount: string }[];
  issue: 'issue' | 'draft';
}

/** Today in the school's calendar (Lomé, UTC+0 all year), `YYYY-MM-DD`. */
function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The lines' amounts read into francs; « issue » as the request's boolean. */
const invoiceFormSchema = readFormSchema<InvoiceValues, InvoiceRequest>(invoiceRequestSchema, {
  read: (values) => ({
    studentId: values.studentId,
    label: values.label,
    dueOn: values.dueOn,
    lines: values.lines.map((line) => ({ label: line.label, amount: readAmount(line.amount) })),
    issue: values.issue === 'issue',
  }),
});

/**
 * « Nouvelle facture » (issue:invoices): a label, a due date and lines (label and amount typed
 * the French way, « 150 000 »), issued at once (a number is assigned) or kept as a draft.
 * `POST /api/invoices`.
 */
export function InvoiceFormDialog({
  studentId,
  onClose,
}: {
  studentId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const formId = useId();
  const labelRef = useRef<HTMLInputElement>(null);
  const create = useCreateInvoice();
  const form = useSchemaForm(invoiceFormSchema, {
    defaultValues: {
      studentId,
      label: '',
      dueOn: todayIso(),
      lines: [{ label: '', amount: '' }],
      issue: 'issue',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = form.watch();

  const amounts = values.lines.map((line) => readAmount(line.amount));
  const total = amounts.every(
    (amount): amount is number =>
      amount !== undefined && Number.isSafeInteger(amount) && amount > 0,
  )
    ? (amounts as number[]).reduce((sum, amount) => sum + amount, 0)
    : null;
  const linesError =
    form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message;

  const submit = form.submitWith(async (request) => {
    const invoice = await create.mutateAsync(request);
    onClose();
    notify.success(
      invoice.number
        ? t('studentDetail.invoiceForm.issued', { number: invoice.number })
        : t('studentDetail.invoiceForm.drafted'),
    );
  }, t('studentDetail.invoiceForm.failure'));

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('studentDetail.invoiceForm.title')}
      closeLabel={t('common.close')}
      initialFocus={labelRef}
      size="lg"
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={create.isPending || form.formState.isSubmitting}
          label={
            values.issue === 'issue'
              ? t('studentDetail.invoiceForm.submitIssue')
              : t('studentDetail.invoiceForm.submitDraft')
          }
          pendingLabel={t('studentDetail.invoiceForm.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <FormField
            form={form}
            ref={labelRef}
            name="label"
            label={t('studentDetail.invoiceForm.label')}
            placeholder={t('studentDetail.invoiceForm.labelPlaceholder')}
            maxLength={120}
            autoComplete="off"
          />
          <FormField
            form={form}
            name="dueOn"
            type="date"
            label={t('studentDetail.invoiceForm.dueOn')}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('studentDetail.invoiceForm.lines')}
          </legend>
          {lines.fields.map((line, index) => (
            <div
              key={line.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-start"
            >
              <FormField
                form={form}
                name={`lines.${index}.label`}
                label={t('studentDetail.invoiceForm.lineLabel', { n: index + 1 })}
                maxLength={120}
                autoComplete="off"
              />
              <FormField
                form={form}
                name={`lines.${index}.amount`}
                label={t('studentDetail.invoiceForm.lineAmount', { n: index + 1 })}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
              />
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 sm:mt-7"
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sm:sr-only">
                  {t('studentDetail.invoiceForm.removeLine', { n: index + 1 })}
                </span>
              </Button>
            </div>
          ))}
          {linesError ? <p className="text-sm font-medium text-red-700">{linesError}</p> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => lines.append({ label: '', amount: '' })}
              disabled={lines.fields.length >= 50}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('studentDetail.invoiceForm.addLine')}
            </Button>
            {total !== null ? (
              <p aria-live="polite" className="font-semibold text-slate-900">
                {t('studentDetail.invoiceForm.total', { amount: formatMoney(total, locale) })}
              </p>
            ) : null}
          </div>
        </fieldset>

        <RadioChoice
          legend={t('studentDetail.invoiceForm.mode')}
          name="issue"
          value={values.issue}
          options={[
            { value: 'issue', label: t('studentDetail.invoiceForm.issueNow') },
            { value: 'draft', label: t('studentDetail.invoiceForm.keepDraft') },
          ]}
          onChange={(next) => form.setValue('issue', next)}
        />
      </form>
    </Dialog>
  );
}
