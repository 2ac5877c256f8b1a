import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 whitespace-nowrap';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
  inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-4 py-2 text-sm',
  lg: 'min-h-12 px-6 py-3 text-base',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Class names of a button, shared by `<Button>` and `<ButtonLink>`. */
export function buttonClasses({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(' ');
}

/** A `<button>`'s props (ref included) and the look. */
export type ButtonProps = ComponentProps<'button'> & ButtonStyle;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'disabled' | 'children'> & {
  /** The form is being sent: the button is disabled and shows `pendingLabel`. */
  pending: boolean;
  label: ReactNode;
  /** « Envoi… », « Enregistrement… ». */
  pendingLabel: ReactNode;
  /** Drawn before the label (decorative, aria-hidden). */
  icon?: ReactNode;
};

/** A form's submit button: disabled while the form is being sent, its label then saying so. */
export function SubmitButton({ pending, label, pendingLabel, icon, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {icon}
      {pending ? pendingLabel : label}
    </Button>
  );
}

export type ButtonLinkProps = LinkProps & ButtonStyle;

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}

export type ExplainedButtonProps = ButtonProps & {
  /** Why the action is not possible now; the button then stays focusable and says why. */
  disabledReason?: string | null;
};

/**
 * A button that, when its action is not possible, explains why instead of going silent: it
 * stays in the tab order, is marked aria-disabled, shows the reason as a tooltip (title) and
 * reads it to screen readers (aria-describedby). A `disabled` button can do none of that.
 */
export function ExplainedButton({
  disabledReason,
  onClick,
  className,
  ...props
}: ExplainedButtonProps) {
  const reasonId = useId();
  const blocked = Boolean(disabledReason);
  return (
    <>
      <Button
        {...props}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        title={disabledReason ?? undefined}
        onClick={blocked ? undefined : onClick}
        className={[blocked ? 'cursor-not-allowed opacity-60' : '', className]
          .filter(Boolean)
          .join(' ')}
      />
      {blocked ? (
        <span id={reasonId} hidden>
          {disabledReason}
        </span>
      ) : null}
    </>
  );
}
