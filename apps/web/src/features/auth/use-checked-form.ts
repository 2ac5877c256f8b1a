import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/ui/toaster';
import { ApiClientError, NetworkError } from '../../lib/api-client';
import { applyServerIssues, fieldMessage, firstInvalid, focusField } from './validation';
import type { FieldErrors } from './validation';

/** What the input of one field takes (`{...fieldProps('email')}`). */
export interface BoundFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The field's message, translated (undefined when its value is fine). */
  error: string | undefined;
}

/**
 * The values and messages of a form checked in the browser before it is sent (`fields` in the
 * order they are shown, each input named after its field).
 */
export function useCheckedForm<Field extends string>(
  fields: readonly Field[],
  initial: Record<Field, string>,
  check: (values: Record<Field, string>) => FieldErrors<Field>,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  /** Keeps the new value; once shown, a message goes away as soon as the value is fixed. */
  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as Field;
    const value = event.target.value;
    // An updater: two fields filled at once (the browser's autofill) both keep their value.
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      const again = check({ ...values, [field]: value });
      setErrors((current) => ({ ...current, [field]: again[field] }));
    }
  }

  /** The props of the input of `field`: its name, value, change handler and message. */
  function fieldProps(field: Field): BoundFieldProps {
    return { name: field, value: values[field], onChange, error: fieldMessage(t, errors[field]) };
  }

  /** Checks every field; when one fails, shows the messages, focuses the first and says false. */
  function validate(form: HTMLFormElement): boolean {
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(found, fields);
    if (invalid) focusField(form, invalid);
    return invalid === undefined;
  }

  /**
   * The server's refusal: on the fields it names, else a toast (the lost connection, the
   * server's own sentence, else `failure`).
   */
  function showRefusal(error: unknown, form: HTMLFormElement, failure: string): void {
    if (error instanceof NetworkError) notify.error(t('common.networkError'));
    else if (!(error instanceof ApiClientError)) notify.error(failure);
    else if (!applyServerIssues(form, error.issues, fields, setErrors)) {
      notify.error(error.serverMessage ?? failure);
    }
  }

  return { values, setValues, setErrors, fieldProps, validate, showRefusal };
}
