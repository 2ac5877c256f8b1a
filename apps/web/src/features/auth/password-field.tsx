import { useId, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import {
  controlBorder,
  controlClasses,
  FieldFrame,
  FieldMessages,
  useFieldDescription,
} from '../../components/ui/field';

export type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/**
 * Password input with a show/hide button: typing a password on a phone keyboard is error-prone,
 * and seeing it avoids failed logins. The button says what it does (aria-pressed + label).
 */
export function PasswordField({ label, hint, error, id, className, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  const { hintId, errorId, controlProps } = useFieldDescription(inputId, { hint, error });

  return (
    <FieldFrame id={inputId} label={label} className={className}>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={`${controlClasses} ${controlBorder(Boolean(error))} pr-12`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...controlProps}
          {...props}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={inputId}
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
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </FieldFrame>
  );
}
