import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { invoiceRequestSchema } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useCreateInvoice } from './student-mutations.api';
import { readAmount } from '../../lib/amounts';
import { check, focusFirstError, serverFieldErrors, todayIso, withoutError } from './student-forms';
import type { FormErrors } from './student-forms';
import { formatMoney } from '../../lib/amounts';
import { FormFooter, RadioChoice } from './student-ui';

interface LineDraft {
  key: number;
  label: string;
  amount: string;
}

const isField = (path: string) =>
  ['label', 'dueOn', 'lines', 'issue'].includes(path) || /^lines\.\d+\.(label|amount)$/.test(path);

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
  const formRef = useRef<HTMLFormElement>(null);
  const labelRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const create = useCreateInvoice();
  const [label, setLabel] = useState('');
  const [dueOn, setDueOn] = useState(todayIso);
  const [lines, setLines] = useState<LineDraft[]>([{ key: 0, label: '', amount: '' }]);
  const [issue, setIssue] = useState<'issue' | 'draft'>('issue');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const amounts = lines.map((line) => readAmount(line.amount));
  const total = amounts.every(
    (amount): amount is number =>
      amount !== undefined && Number.isSafeInteger(amount) && amount > 0,
  )
    ? (amounts as number[]).reduce((sum, amount) => sum + amount, 0)
    : null;

  function changeLine(index: number, field: 'label' | 'amount', value: string) {
    setLines((current) =>
      current.map((line, at) => (at === index ? { ...line, [field]: value } : line)),
    );
    setErrors((current) => withoutError(current, `lines.${index}.${field}`));
  }

  function addLine() {
    setLines((current) => [...current, { key: nextKey.current++, label: '', amount: '' }]);
  }

  function removeLine(index: number) {
    setLines((current) => current.filter((_, at) => at !== index));
    setErrors({}); // the messages were tied to the old positions
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const checked = check(invoiceRequestSchema, {
      studentId,
      label,
      dueOn,
      lines: lines.map((line, index) => ({ label: line.label, amount: amounts[index] })),
      issue: issue === 'issue',
    });
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setFormError(null);
    let invoice;
    try {
      invoice = await create.mutateAsync(checked.data);
    } catch (error) {
      const onFields = serverFieldErrors(error, isField);
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('studentDetail.invoiceForm.failure')));
      }
      return;
    }
    onClose();
    notify.success(
      invoice.number
        ? t('studentDetail.invoiceForm.issued', { number: invoice.number })
        : t('studentDetail.invoiceForm.drafted'),
    );
  }

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
          pending={create.isPending}
          label={
            issue === 'issue'
              ? t('studentDetail.invoiceForm.submitIssue')
              : t('studentDetail.invoiceForm.submitDraft')
          }
          pendingLabel={t('studentDetail.invoiceForm.submitting')}
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
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <InputField
            ref={labelRef}
            name="label"
            label={t('studentDetail.invoiceForm.label')}
            placeholder={t('studentDetail.invoiceForm.labelPlaceholder')}
            maxLength={120}
            autoComplete="off"
            value={label}
            onChange={(event) => {
              setLabel(event.target.value);
              setErrors((current) => withoutError(current, 'label'));
            }}
            error={errors.label}
          />
          <InputField
            name="dueOn"
            type="date"
            label={t('studentDetail.invoiceForm.dueOn')}
            value={dueOn}
            onChange={(event) => {
              setDueOn(event.target.value);
              setErrors((current) => withoutError(current, 'dueOn'));
            }}
            error={errors.dueOn}
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('studentDetail.invoiceForm.lines')}
          </legend>
          {lines.map((line, index) => (
            <div
              key={line.key}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-start"
            >
              <InputField
                name={`lines.${index}.label`}
                label={t('studentDetail.invoiceForm.lineLabel', { n: index + 1 })}
                maxLength={120}
                autoComplete="off"
                value={line.label}
                onChange={(event) => changeLine(index, 'label', event.target.value)}
                error={errors[`lines.${index}.label`]}
              />
              <InputField
                name={`lines.${index}.amount`}
                label={t('studentDetail.invoiceForm.lineAmount', { n: index + 1 })}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={line.amount}
                onChange={(event) => changeLine(index, 'amount', event.target.value)}
                error={errors[`lines.${index}.amount`]}
              />
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 sm:mt-7"
                disabled={lines.length === 1}
                onClick={() => removeLine(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sm:sr-only">
                  {t('studentDetail.invoiceForm.removeLine', { n: index + 1 })}
                </span>
              </Button>
            </div>
          ))}
          {errors.lines ? <p className="text-sm font-medium text-red-700">{errors.lines}</p> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="secondary" size="sm" onClick={addLine} disabled={lines.length >= 50}>
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
          value={issue}
          options={[
            { value: 'issue', label: t('studentDetail.invoiceForm.issueNow') },
            { value: 'draft', label: t('studentDetail.invoiceForm.keepDraft') },
          ]}
          onChange={setIssue}
          error={errors.issue}
        />
      </form>
    </Dialog>
  );
}
