import type { ComponentProps } from 'react';
import { ChevronDownIcon } from './admin-icons';
import { controlBorder, LabelledField } from './field';
import type { LabelledProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> &
  LabelledProps & {
    options: readonly SelectOption[];
    /** A first, empty choice (« Choisir un rôle »). */
    placeholder?: string;
    /** Smaller control for filter bars (44 px high all the same). */
    compact?: boolean;
  };

/** A labelled native `<select>`: keyboard, screen readers and phones' pickers work as usual. */
export function SelectField({
  options,
  placeholder,
  className,
  compact = false,
  ...field
}: SelectFieldProps) {
  return (
    <LabelledField field={field}>
      {(control) => (
        <div className="relative">
          <select
            className={[
              'block w-full appearance-none rounded-lg border bg-white pr-10 pl-3 text-slate-900 disabled:bg-slate-100',
              compact ? 'min-h-11 py-2 text-base' : 'py-2.5 text-base',
              controlBorder(Boolean(field.error)),
              className,
            ]
              .filter(Boolean)
              .join(' ')}
            {...control}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600" />
        </div>
      )}
    </LabelledField>
  );
}
