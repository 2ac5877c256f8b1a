import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUp, Trash2 } from 'lucide-react';
import { LOGO_MAX_BYTES, logoAcceptAttribute } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { codeMessage, errorMessage } from '../../lib/error-message';
import { useRemoveLogo, useUploadLogo } from './settings.api';
import { SettingsSection } from './settings-ui';

const LOGO_TYPES = logoAcceptAttribute.split(',');

/**
 * The logo of « Apparence »: a chosen image is previewed before it is sent (its own call: the
 * server decides by the bytes, resizes it to 512 px and stores a PNG); « Retirer le logo ».
 * A file over 2 Mo or of another type is refused here already, with the server's sentence.
 */
export function LogoSection({ logoUrl, editable }: { logoUrl: string | null; editable: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;

  // The object URL of a preview is given back once it is no longer shown.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function setFile(next: File | null) {
    setChosen(next ? { file: next, url: URL.createObjectURL(next) } : null);
  }

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    if (!LOGO_TYPES.includes(chosen.type)) {
      setProblem(codeMessage(t, 'LOGO_NOT_AN_IMAGE') ?? t('settings.appearance.logo.wrongType'));
      setFile(null);
    } else if (chosen.size > LOGO_MAX_BYTES) {
      setProblem(
        codeMessage(t, 'LOGO_TOO_LARGE', { maxMegabytes: LOGO_MAX_BYTES / (1024 * 1024) }) ??
          t('settings.appearance.logo.tooLarge'),
      );
      setFile(null);
    } else {
      setProblem(null);
      setFile(chosen);
    }
    if (inputRef.current) inputRef.current.value = '';
  }

  async function save() {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      setFile(null);
      notify.success(t('settings.appearance.logo.saved'));
    } catch (error) {
      setProblem(errorMessage(error, t, t('settings.failure')));
    }
  }

  async function drop() {
    try {
      await remove.mutateAsync();
      notify.success(t('settings.appearance.logo.removed'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('settings.failure')));
    }
  }

  const shown = preview ?? logoUrl;
  return (
    <SettingsSection
      title={t('settings.appearance.logo.title')}
      lead={t('settings.appearance.logo.hint')}
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-[#fff]">
          {shown ? (
            <img
              src={shown}
              alt={
                preview
                  ? t('settings.appearance.logo.preview')
                  : t('settings.appearance.logo.current')
              }
              className="size-full object-contain p-2"
            />
          ) : (
            <ImageUp aria-hidden="true" className="size-8 text-[#64748b]" />
          )}
        </div>
        <div className="space-y-3">
          {preview ? (
            <p className="text-sm font-medium text-slate-800">
              {t('settings.appearance.logo.pending')}
            </p>
          ) : logoUrl ? null : (
            <p className="text-sm text-slate-600">{t('settings.appearance.logo.none')}</p>
          )}
          {editable ? (
            <div className="flex flex-wrap gap-3">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={logoAcceptAttribute}
                className="peer sr-only"
                aria-describedby={problem ? errorId : undefined}
                onChange={(event) => choose(event.target.files?.[0])}
              />
              <label
                htmlFor={inputId}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-brand-600 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              >
                <ImageUp aria-hidden="true" className="size-4" />
                {t('settings.appearance.logo.choose')}
              </label>
              {file ? (
                <Button onClick={() => void save()} disabled={upload.isPending}>
                  {upload.isPending
                    ? t('settings.appearance.logo.saving')
                    : t('settings.appearance.logo.save')}
                </Button>
              ) : null}
              {file ? (
                <Button variant="ghost" onClick={() => setFile(null)}>
                  {t('settings.cancel')}
                </Button>
              ) : logoUrl ? (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => void drop()}
                  disabled={remove.isPending}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {remove.isPending
                    ? t('settings.appearance.logo.removing')
                    : t('settings.appearance.logo.remove')}
                </Button>
              ) : null}
            </div>
          ) : null}
          {problem ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
