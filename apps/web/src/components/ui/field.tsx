import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 ' +
  'placeholder:text-slate-500 disabled:bg-slate-100';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  className: string | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Class of the wrapper (label + control). */
  wrapperClassName?: string;
};

/** A labelled text input. Every input of the app goes through a visible `<label>`. */
export function InputField({ label, wrapperClassName, className, id, ...props }: InputFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame id={inputId} label={label} className={wrapperClassName}>
      <input id={inputId} className={[control, className].filter(Boolean).join(' ')} {...props} />
    </FieldFrame>
  );
}

export type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  wrapperClassName?: string;
};

export function TextareaField({
  label,
  wrapperClassName,
  className,
  id,
  ...props
}: TextareaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <FieldFrame id={textareaId} label={label} className={wrapperClassName}>
      <textarea
        id={textareaId}
        className={[control, 'resize-y', className].filter(Boolean).join(' ')}
        {...props}
      />
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
