import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, ImageMinus } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { FieldMessages, useFieldDescription } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { AVATAR_TYPES, avatarProblem, readAsDataUrl } from '../auth/avatar-file';
import type { AvatarProblem } from '../auth/avatar-file';
import { initials } from '../auth/session-store';
import type { Profile } from './profile.api';
import { useChangeAvatar, useRemoveAvatar } from './profile.api';
import { ProfileSection } from './profile-section';

type AvatarError = { problem: AvatarProblem } | { text: string };

/**
 * « Photo de profil »: the current photo (or the initials), a new one chosen by clicking (images
 * only, 1 Mo at most, checked before it is read), previewed, then saved or dropped; « Retirer la
 * photo » when there is one. The native file input stays the focusable control.
 */
export function AvatarSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const change = useChangeAvatar();
  const remove = useRemoveAvatar();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<AvatarError | null>(null);
  const busy = change.isPending || remove.isPending;

  const errorText = error
    ? 'problem' in error
      ? t(`profile.avatar.${error.problem}`)
      : error.text
    : undefined;
  const { hintId, errorId, controlProps } = useFieldDescription(inputId, {
    hint: t('profile.avatar.hint'),
    error: errorText,
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire `change` again
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      setError({ problem });
      return;
    }
    try {
      setChosen(await readAsDataUrl(file));
      setError(null);
    } catch {
      setError({ problem: 'unreadable' });
    }
  }

  /** The server's refusal under the picture when it is about it, else a toast. */
  function refused(caught: unknown) {
    if (caught instanceof ApiClientError) {
      const onAvatar = caught.issues.find((issue) => issue.path === 'avatar');
      if (onAvatar) {
        setError({ text: onAvatar.message });
        return;
      }
      if (caught.status === 413 || caught.code === 'PAYLOAD_TOO_LARGE') {
        setError({ problem: 'tooLarge' });
        return;
      }
    }
    notify.error(errorMessage(caught, t, t('profile.failure')));
  }

  async function save() {
    if (!chosen || busy) return;
    try {
      await change.mutateAsync(chosen);
    } catch (caught) {
      refused(caught);
      return;
    }
    setChosen(null);
    setError(null);
    inputRef.current?.focus();
    notify.success(t('profile.avatar.saved'));
  }

  async function removePhoto() {
    if (busy) return;
    try {
      await remove.mutateAsync();
    } catch (caught) {
      refused(caught);
      return;
    }
    setError(null);
    inputRef.current?.focus();
    notify.success(t('profile.avatar.removed'));
  }

  function cancel() {
    setChosen(null);
    setError(null);
    inputRef.current?.focus();
  }

  const shown = chosen ?? profile.avatarUrl;
  return (
    <ProfileSection title={t('profile.avatar.title')}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <span
          className={`flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full ${shown ? 'bg-slate-100' : 'bg-brand-600'} ring-1 ring-slate-300 ${chosen ? 'ring-2 ring-brand-600 ring-offset-2' : ''}`}
        >
          {shown ? (
            <img
              src={shown}
              alt={chosen ? t('profile.avatar.preview') : t('profile.avatar.current')}
              className="size-full object-cover"
            />
          ) : (
            <span aria-hidden="true" className="text-3xl font-semibold text-white">
              {initials(profile.name)}
            </span>
          )}
        </span>
        <div className="min-w-0 space-y-3">
          {chosen ? (
            <p role="status" className="text-sm font-medium text-brand-800">
              {t('profile.avatar.pending')}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="peer sr-only"
              disabled={busy}
              onChange={(event) => void onFile(event)}
              {...controlProps}
            />
            <label
              htmlFor={inputId}
              className={buttonClasses({
                variant: 'secondary',
                className: `cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${busy ? 'pointer-events-none opacity-60' : ''}`,
              })}
            >
              <Camera aria-hidden="true" className="size-4" />
              {chosen
                ? t('profile.avatar.chooseOther')
                : profile.avatarUrl
                  ? t('profile.avatar.change')
                  : t('profile.avatar.choose')}
            </label>
            {chosen ? (
              <>
                <Button onClick={() => void save()} disabled={busy}>
                  {change.isPending ? t('profile.avatar.saving') : t('profile.avatar.save')}
                </Button>
                <Button variant="ghost" onClick={cancel} disabled={busy}>
                  {t('profile.avatar.cancel')}
                </Button>
              </>
            ) : profile.avatarUrl ? (
              <Button variant="ghost" onClick={() => void removePhoto()} disabled={busy}>
                <ImageMinus aria-hidden="true" className="size-4" />
                {remove.isPending ? t('profile.avatar.removing') : t('profile.avatar.remove')}
              </Button>
            ) : null}
          </div>
          <FieldMessages
            hint={t('profile.avatar.hint')}
            hintId={hintId}
            error={errorText}
            errorId={errorId}
          />
        </div>
      </div>
    </ProfileSection>
  );
}
