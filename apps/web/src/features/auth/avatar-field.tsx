import { useId } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Trash2, UserRound } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { FieldMessages, useFieldDescription } from '../../components/ui/field';
import { AVATAR_TYPES, avatarProblem, readAsDataUrl } from './avatar-file';
import type { AvatarProblem } from './avatar-file';

export { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarProblem, readAsDataUrl } from './avatar-file';
export type { AvatarProblem } from './avatar-file';

export interface AvatarFieldProps {
  /** The chosen picture as a data URL, or null. */
  value: string | null;
  error?: ReactNode;
  onSelect: (dataUrl: string) => void;
  onRemove: () => void;
  onProblem: (problem: AvatarProblem) => void;
}

/**
 * Optional profile picture: images only, chosen by clicking (the native file input stays the
 * focusable control; its label is styled as a button), previewed before sending, checked for
 * type and size in the browser before it is read.
 */
export function AvatarField({ value, error, onSelect, onRemove, onProblem }: AvatarFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { hintId, errorId, controlProps } = useFieldDescription(id, {
    hint: t('auth.avatar.hint'),
    error,
  });

  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire `change` again
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      onProblem(problem);
      return;
    }
    try {
      onSelect(await readAsDataUrl(file));
    } catch {
      onProblem('unreadable');
    }
  }

  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('auth.avatar.label')}{' '}
        <span className="font-normal text-slate-600">{t('auth.avatar.optional')}</span>
      </legend>
      <div className="flex items-center gap-4">
        <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-300">
          {value ? (
            <img src={value} alt={t('auth.avatar.preview')} className="size-full object-cover" />
          ) : (
            <UserRound aria-hidden="true" className="size-9 text-slate-500" />
          )}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={id}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="peer sr-only"
            onChange={(event) => void handleChange(event)}
            {...controlProps}
          />
          <label
            htmlFor={id}
            className={buttonClasses({
              variant: 'secondary',
              className:
                'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
            })}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {value ? t('auth.avatar.change') : t('auth.avatar.choose')}
          </label>
          {value ? (
            <Button variant="ghost" onClick={onRemove}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('auth.avatar.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      <FieldMessages hint={t('auth.avatar.hint')} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
