import { useEffect, useId, useRef } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
  /** Neither all nor none (a « select all » box of a partly chosen group). */
  indeterminate?: boolean;
  wrapperClassName?: string;
};

/** A native checkbox with its label; the whole line is the click target. */
export function Checkbox({
  label,
  description,
  indeterminate = false,
  wrapperClassName,
  className,
  id,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const ref = useRef<HTMLInputElement>(null);

  // `indeterminate` is a DOM property only (no attribute): screen readers then say « mixed ».
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);

  return (
    <div className={['flex items-start gap-3', wrapperClassName].filter(Boolean).join(' ')}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-describedby={description ? `${inputId}-description` : undefined}
        className={[
          'mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-500 accent-brand-600 disabled:cursor-not-allowed',
          className,
        ]
          .filter(Boolean)
          .join(' ')}
        {...props}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={inputId} className="cursor-pointer text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={`${inputId}-description`} className="text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
