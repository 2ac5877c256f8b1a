import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Button, SubmitButton } from '../../components/ui/button';
import { controlClassName, LabelledField } from '../../components/ui/field';
import type { LabelledProps } from '../../components/ui/field';
import { tidyAmountText } from '../../lib/amounts';

/** Footer of a form dialog: Annuler, then the submit button tied to the form by its id. */
export function FormFooter({
  formId,
  cancelLabel,
  onCancel,
  ...submit
}: {
  formId: string;
  cancelLabel: string;
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <SubmitButton form={formId} {...submit} />
    </div>
  );
}

export type AmountFieldProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> &
  LabelledProps & {
    value: string;
    onValueChange: (text: string) => void;
    /** Written after the control: `FCFA` for an amount, `%` or `jours` for a number. */
    unit?: string;
    /** Regroup the digits by three when the field is left (amounts only). */
    tidy?: boolean;
  };

/**
 * A labelled number typed as text (« 150 000 », « 150000 », « 12 »): the text is kept as typed
 * so the schemas can say what is wrong with it (a fraction, a negative amount), and amounts are
 * regrouped by three when the field is left.
 */
export function NumberField({
  value,
  onValueChange,
  unit,
  tidy = false,
  className,
  onBlur,
  ...field
}: AmountFieldProps) {
  const unitId = useId();
  // The unit is read after the label (« Montant, FCFA »), as it is seen after the value.
  const describedBy = [field['aria-describedby'], unit ? unitId : null].filter(Boolean).join(' ');
  return (
    <LabelledField field={{ ...field, 'aria-describedby': describedBy || undefined }}>
      {(control) => (
        <div className="relative">
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={controlClassName(
              field.error,
              unit ? 'pr-16 tabular-nums' : 'tabular-nums',
              className,
            )}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            onBlur={(event) => {
              if (tidy) {
                const tidied = tidyAmountText(value);
                if (tidied !== value) onValueChange(tidied);
              }
              onBlur?.(event);
            }}
            {...control}
          />
          {unit ? (
            <span
              id={unitId}
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-slate-600"
            >
              {unit}
            </span>
          ) : null}
        </div>
      )}
    </LabelledField>
  );
}

/** A radio button with its label and an optional second line; the whole line is the target. */
export function RadioOption({
  label,
  description,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-600"
        {...input}
      />
      <span className="text-sm">
        <span className="block font-semibold text-slate-900">{label}</span>
        {description ? <span className="block text-slate-600">{description}</span> : null}
      </span>
    </label>
  );
}

/** A group's error line (checkboxes, radios, the schedule), tied to the group by its id. */
export function GroupError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
