import { useId } from 'react';
import type { BaseSyntheticEvent, ComponentType, ReactNode, Ref } from 'react';
import { useForm } from 'react-hook-form';
import type {
  DefaultValues,
  FieldError as HookFieldError,
  FieldPath,
  FieldValues,
  Resolver,
  UseFormReturn,
} from 'react-hook-form';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SubmitButton } from './button';
import type { SubmitButtonProps } from './button';
import { InputField } from './field';
import type { InputFieldProps, LabelledProps } from './field';
import { FormAlert } from './form-alert';
import { notify } from './toaster';
import { issueMessage, issuePath, planRefusal, valuePaths } from './form-issues';
import type { CodeFields, FormMessages, SchemaIssue } from './form-issues';

/**
 * The one form kit of the app: react-hook-form checked by the contracts' zod schemas (the same
 * rules as the server, never a copy), messages in the reader's language, the server's refusal on
 * its field (by issue path or domain code) or in the form's alert, the first invalid field
 * focused, the submit button busy while the form is sent. See `useSchemaForm`.
 */

/** What the kit needs of a contracts' zod schema (kept structural: the app does not import zod). */
export interface FormSchema<Input extends FieldValues, Output> {
  readonly _zod: { readonly input: Input; readonly output: Output };
  safeParseAsync(
    value: unknown,
    params?: { reportInput?: boolean },
  ): Promise<
    { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } }
  >;
}

/**
 * The resolver of the kit: the schema's parse, its issues nested on the fields the way
 * @hookform/resolvers' `zodResolver` does it (`toNestErrors`), but each issue said by
 * `describe` — `zodResolver` keeps only an issue's code and French sentence, not the bounds
 * (`minimum`, `maximum`) another language needs.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: FormSchema<Input, Output>,
  describe: (issue: SchemaIssue) => string,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { reportInput: true });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, HookFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issuePath(issue);
      errors[path] ??= { type: issue.code, message: describe(issue) };
    }
    return { values: {}, errors: toNestErrors<Input>(errors, options) };
  };
}

export interface SchemaFormOptions<Input extends FieldValues> {
  defaultValues: DefaultValues<Input>;
  /**
   * Per field, its own sentences for some kinds of problem, in the reader's language at the
   * time of the check (`(t) => ({ email: { required: t('auth.validation.emailRequired') } })`).
   */
  messages?: (t: TFunction) => FormMessages;
  /** Per domain code of the server, the field it is about (`{ ROLE_NAME_TAKEN: 'name' }`). */
  codes?: CodeFields;
  /**
   * Where a refusal no field carries is said: the form's `<FormError>` (a dialog: the page
   * behind it is inert), or an error toast (a page).
   */
  refusal?: 'alert' | 'toast';
}

/** A form of the kit, whatever its values (what its components take). */
export type KitForm<Input extends FieldValues, Output = Input> = UseFormReturn<
  Input,
  unknown,
  Output
>;

/** What `useSchemaForm` gives: react-hook-form's form, and how to send it. */
export type SchemaForm<Input extends FieldValues, Output> = KitForm<Input, Output> & {
  /**
   * The form's submit handler: checks the values, then `send`s the schema's output; a refusal
   * lands on its field or in the form's alert (`failure` when nothing better is known).
   */
  submitWith: (
    send: (values: Output) => Promise<unknown>,
    failure: string,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Shows a refusal of the server (what `submitWith` does when `send` throws). */
  showRefusal: (error: unknown, failure: string) => void;
};

const SERVER = 'root.server';

/**
 * A form checked by `schema` (one of the contracts'): the values start as `defaultValues`, the
 * first invalid field is focused on submit, a message goes as soon as its value is fixed.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: FormSchema<Input, Output>,
  { defaultValues, messages, codes, refusal = 'alert' }: SchemaFormOptions<Input>,
): SchemaForm<Input, Output> {
  const { t, i18n } = useTranslation();
  // react-hook-form reads its options anew at each render: the schema and sentences of the
  // latest one check the values.
  const resolver = schemaResolver(schema, (issue) =>
    issueMessage(issue, {
      t: i18n.t,
      language: i18n.language,
      ...(messages ? { messages: messages(i18n.t) } : {}),
    }),
  );
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues, shouldFocusError: true });

  function showRefusal(error: unknown, failure: string) {
    const fieldNames = valuePaths(form.getValues());
    const found = planRefusal(error, { t, fieldNames, ...(codes ? { codes } : {}), failure });
    found.fields.forEach(({ name, message }, index) => {
      const options = { shouldFocus: index === 0 };
      form.setError(name as FieldPath<Input>, { type: 'server', message }, options);
    });
    if (found.form === null) return;
    if (refusal === 'toast') notify.error(found.form);
    else form.setError(SERVER as FieldPath<Input>, { type: 'server', message: found.form });
  }

  function submitWith(send: (values: Output) => Promise<unknown>, failure: string) {
    return form.handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        showRefusal(error, failure);
      }
    });
  }

  return { ...form, submitWith, showRefusal };
}

/** The message of the field `name`, if its value is refused. */
export function fieldError<Input extends FieldValues, Output>(
  form: KitForm<Input, Output>,
  name: FieldPath<Input>,
): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/** What a control of the kit takes: a labelled field's props (`InputField`'s by default). */
type ControlProps = LabelledProps & { name?: string; ref?: unknown };

export type FormFieldProps<
  Input extends FieldValues,
  Output,
  Props extends ControlProps = InputFieldProps,
> = Omit<Props, 'name' | 'error' | 'form' | 'label'> & {
  form: KitForm<Input, Output>;
  name: FieldPath<Input>;
  label: ReactNode;
  /** Marks the field required: `aria-required` and a « * » after its label. */
  required?: boolean;
  /** The labelled control drawn (`InputField` unless told: `EmailField`, `TextareaField`…). */
  control?: ComponentType<Props>;
};

/** « * » after a required field's label; screen readers hear `aria-required` instead. */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="ml-0.5 text-red-700" title={t('forms.required')} aria-hidden="true">
      *
    </span>
  );
}

/**
 * A labelled field of the form: its control registered under `name`, its message under it (tied
 * by aria-describedby, the control marked aria-invalid).
 */
export function FormField<
  Input extends FieldValues,
  Output,
  Props extends ControlProps = InputFieldProps,
>({
  form,
  name,
  label,
  required,
  control,
  ref: ownRef,
  ...props
}: FormFieldProps<Input, Output, Props>) {
  const Control = (control ?? InputField) as ComponentType<ControlProps & Record<string, unknown>>;
  const { ref: formRef, ...registered } = form.register(name);
  const own = ownRef as Ref<HTMLElement | null> | undefined;
  return (
    <Control
      {...props}
      {...registered}
      ref={(element: HTMLElement | null) => {
        formRef(element);
        if (typeof own === 'function') own(element);
        else if (own) own.current = element;
      }}
      label={
        required ? (
          <>
            {label}
            <RequiredMark />
          </>
        ) : (
          label
        )
      }
      aria-required={required || undefined}
      error={fieldError(form, name)}
    />
  );
}

/** The message of a field drawn by hand (a group of choices…), under `id` for aria-describedby. */
export function FieldError<Input extends FieldValues, Output>({
  form,
  name,
  id,
}: {
  form: KitForm<Input, Output>;
  name: FieldPath<Input>;
  id?: string;
}) {
  const generated = useId();
  const message = fieldError(form, name);
  if (!message) return null;
  return (
    <p id={id ?? generated} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The server's refusal no field carries (role=alert), inside the form. */
export function FormError<Input extends FieldValues, Output>({
  form,
}: {
  form: KitForm<Input, Output>;
}) {
  return <FormAlert>{form.formState.errors.root?.server?.message}</FormAlert>;
}

/** The form's submit button: disabled and saying so (`pendingLabel`) while the form is sent. */
export function FormSubmitButton<Input extends FieldValues, Output>({
  form,
  formId,
  pending = false,
  ...props
}: Omit<SubmitButtonProps, 'pending' | 'form'> & {
  form: KitForm<Input, Output>;
  /** The id of the form, for a button outside it (a dialog's footer). */
  formId?: string;
  /** Also busy for another reason (a file being read…). */
  pending?: boolean;
}) {
  return <SubmitButton form={formId} pending={pending || form.formState.isSubmitting} {...props} />;
}
