import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, ScholarshipStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Button, SubmitButton } from '../../components/ui/button';
import { ChoiceGroup } from '../../components/ui/field';

/** Shared pieces of a student's page: sections, amounts, status badges, form bits. */

/** A titled part of the page, with its main action on the right (below the title on a phone). */
export function Section({
  title,
  action,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A card for a short list (guardians, scholarships, history). */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={['rounded-2xl border border-slate-200 bg-white p-4 sm:p-5', className]
        .filter(Boolean)
        .join(' ')}
    >
      {children}
    </div>
  );
}

const INVOICE_TONES: Record<InvoiceStatus, BadgeTone> = {
  draft: 'grey',
  open: 'blue',
  partially_paid: 'orange',
  paid: 'green',
  void: 'purple',
};

/** The invoice's status, and « En retard » in red when it is past due. */
export function InvoiceStatusBadges({
  status,
  overdue,
}: {
  status: InvoiceStatus;
  overdue: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge tone={INVOICE_TONES[status]}>{t(`studentDetail.invoiceStatus.${status}`)}</Badge>
      {overdue && status !== 'void' && status !== 'paid' ? (
        <Badge tone="red">{t('studentDetail.invoices.overdue')}</Badge>
      ) : null}
    </span>
  );
}

const SCHOLARSHIP_TONES: Record<ScholarshipStatus, BadgeTone> = {
  recommended: 'yellow',
  granted: 'green',
  refused: 'red',
};

export function ScholarshipStatusBadge({ status }: { status: ScholarshipStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={SCHOLARSHIP_TONES[status]}>{t(`studentDetail.scholarshipStatus.${status}`)}</Badge>
  );
}

/** Footer of a form dialog: Annuler, then the submit button tied to the form by its id. */
export function FormFooter({
  formId,
  onCancel,
  ...submit
}: {
  formId: string;
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
      <Button variant="secondary" onClick={onCancel}>
        {t('ui.cancel')}
      </Button>
      <SubmitButton form={formId} {...submit} />
    </div>
  );
}

/** A labelled group of radio buttons (a fieldset and its legend). */
export function RadioChoice<Value extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  error?: string | undefined;
}) {
  return (
    <ChoiceGroup legend={legend} error={error}>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-5 shrink-0 accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}
