import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';

const controlClasses =
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

/** A labelled group of choices (a fieldset and its legend), with its error under it. */
export function ChoiceGroup({
  legend,
  error,
  children,
}: {
  legend: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What every labelled field takes besides its control's own props. */
export interface LabelledProps {
  label: ReactNode;
  /** Class of the wrapper (label + control). */
  wrapperClassName?: string;
  id?: string;
  /** Help shown under the control, linked to it with aria-describedby. */
  hint?: ReactNode;
  /** What is wrong with the value: shown under the control, which is marked aria-invalid. */
  error?: ReactNode;
  'aria-describedby'?: string;
}

/** The id and aria attributes `LabelledField` gives its control. */
export interface ControlDescription {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field around any control: the `<label>`, the control (drawn by `children` with the
 * props it was given, its id and its aria attributes), then the hint and error lines tied to it.
 */
export function LabelledField<Props extends LabelledProps>({
  field,
  children,
}: {
  field: Props;
  children: (control: ControlDescription & Omit<Props, keyof LabelledProps>) => ReactNode;
}) {
  const {
    label,
    wrapperClassName,
    id,
    hint,
    error,
    'aria-describedby': describedBy,
    ...own
  } = field;
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const { hintId, errorId, controlProps } = useFieldDescription(controlId, {
    hint,
    error,
    describedBy,
  });
  return (
    <FieldFrame id={controlId} label={label} className={wrapperClassName}>
      {children({ id: controlId, ...controlProps, ...own })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldFrame>
  );
}

/** Class names of a text control: the usual ones, the border for `error`, then `extra`. */
export function controlClassName(error: ReactNode, ...extra: (string | undefined)[]): string {
  return [controlClasses, controlBorder(Boolean(error)), ...extra].filter(Boolean).join(' ');
}

export type InputFieldProps = ComponentProps<'input'> & LabelledProps;

/** A labelled text input. Every input of the app goes through a visible `<label>`. */
export function InputField({ className, ...field }: InputFieldProps) {
  return (
    <LabelledField field={field}>
      {(control) => <input className={controlClassName(field.error, className)} {...control} />}
    </LabelledField>
  );
}

/**
 * A labelled e-mail input: the phone's e-mail keyboard, and no capital letter or spelling fix
 * added to the address. `autoComplete` is `email` unless told (`off` for someone else's).
 */
export function EmailField({ autoComplete = 'email', ...props }: Omit<InputFieldProps, 'type'>) {
  return (
    <InputField
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

export type TextareaFieldProps = ComponentProps<'textarea'> & LabelledProps;

export function TextareaField({ className, ...field }: TextareaFieldProps) {
  return (
    <LabelledField field={field}>
      {(control) => (
        <textarea className={controlClassName(field.error, 'resize-y', className)} {...control} />
      )}
    </LabelledField>
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
