import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';

export const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 ' +
  'placeholder:text-slate-500 disabled:bg-slate-100';

/** Border of a control: the usual one, or red when its value is refused. */
export function controlBorder(invalid: boolean): string {
  return invalid ? 'border-red-700 ring-1 ring-red-700' : 'border-slate-500';
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  className: string | undefined;
  children: ReactNode;
}

export function FieldFrame({ id, label, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export type InputFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  /** Class of the wrapper (label + control). */
  wrapperClassName?: string;
  /** Help shown under the control, linked to it with aria-describedby. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, which is marked aria-invalid. */
  error?: ReactNode;
};

/** Ids and attributes tying a control to its hint and error. */
export function useFieldDescription(
  id: string,
  { hint, error, describedBy }: { hint?: ReactNode; error?: ReactNode; describedBy?: string },
) {
  const hintId = `${id}-aide`;
  const errorId = `${id}-erreur`;
  const ids = [describedBy, hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return {
    hintId,
    errorId,
    controlProps: {
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    },
  };
}

/** Hint and error lines under a control (see `useFieldDescription`). */
export function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId: string;
  error?: ReactNode;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input. Every input of the app goes through a visible `<label>`. */
export function InputField({
  label,
  wrapperClassName,
  className,
  id,
  hint,
  error,
  'aria-describedby': describedBy,
  ...props
}: InputFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const { hintId, errorId, controlProps } = useFieldDescription(inputId, {
    hint,
    error,
    describedBy,
  });
  return (
    <FieldFrame id={inputId} label={label} className={wrapperClassName}>
      <input
        id={inputId}
        className={[controlClasses, controlBorder(Boolean(error)), className]
          .filter(Boolean)
          .join(' ')}
        {...controlProps}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldFrame>
  );
}

export type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  wrapperClassName?: string;
  hint?: ReactNode;
  error?: ReactNode;
};

export function TextareaField({
  label,
  wrapperClassName,
  className,
  id,
  hint,
  error,
  'aria-describedby': describedBy,
  ...props
}: TextareaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const { hintId, errorId, controlProps } = useFieldDescription(textareaId, {
    hint,
    error,
    describedBy,
  });
  return (
    <FieldFrame id={textareaId} label={label} className={wrapperClassName}>
      <textarea
        id={textareaId}
        className={[controlClasses, controlBorder(Boolean(error)), 'resize-y', className]
          .filter(Boolean)
          .join(' ')}
        {...controlProps}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldFrame>
  );
}

/**
 * Anti-spam trap: a field named `website` that people never see or reach with the keyboard, and
 * that form-filling bots complete. The server refuses a request where it is not empty.
 */
export function HoneypotField({ label }: { label: string }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
