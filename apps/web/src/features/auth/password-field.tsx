import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { controlClassName, LabelledField } from '../../components/ui/field';
import { FormField } from '../../components/ui/form';
import type { KitForm } from '../../components/ui/form';
import type { FieldPath, FieldValues } from 'react-hook-form';

export type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/**
 * Password input with a show/hide button: typing a password on a phone keyboard is error-prone,
 * and seeing it avoids failed logins. The button says what it does (aria-pressed + label).
 */
export function PasswordField({ className, ...field }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  return (
    <LabelledField field={{ ...field, wrapperClassName: className }}>
      {(control) => (
        <div className="relative">
          <input
            type={visible ? 'text' : 'password'}
            className={controlClassName(field.error, 'pr-12')}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...control}
          />
          <button
            type="button"
            aria-pressed={visible}
            aria-controls={control.id}
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{t('auth.password.show')}</span>
          </button>
        </div>
      )}
    </LabelledField>
  );
}

/**
 * A new password and its confirmation (invitation, reset, profile), both marked as new for the
 * browser's password manager.
 */
export function NewPasswordFields<Input extends FieldValues, Output>({
  form,
  names,
  labels,
  hint,
}: {
  form: KitForm<Input, Output>;
  /** The form's names of the two fields. */
  names: { password: FieldPath<Input>; confirmation: FieldPath<Input> };
  labels: { password: string; confirmation: string };
  /** Under the new password: its rules. */
  hint: string;
}) {
  return (
    <>
      <FormField
        form={form}
        name={names.password}
        control={PasswordField}
        label={labels.password}
        autoComplete="new-password"
        hint={hint}
      />
      <FormField
        form={form}
        name={names.confirmation}
        control={PasswordField}
        label={labels.confirmation}
        autoComplete="new-password"
      />
    </>
  );
}
