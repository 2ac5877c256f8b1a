import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Moon, Sun } from 'lucide-react';
import {
  DEFAULT_BRAND_COLOR,
  normaliseBrandColor,
  updateAppearanceRequestSchema,
} from '@ecolage/contracts';
import type { Appearance, UpdateAppearanceRequest } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ChoiceGroup } from '../../components/ui/field';
import { FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { brandScale, normaliseHex, READABLE_CONTRAST, whiteContrast } from '../../app/theme/colour';
import { useAppearance, useSaveAppearance } from './settings.api';
import { LogoSection } from './logo-section';
import {
  SettingsContent,
  SettingsPage,
  SettingsSaveBar,
  SettingsSection,
  useMayManageSettings,
} from './settings-ui';

/** `2.07` → « 2,1 » (French) / « 2.1 ». */
function formatRatio(ratio: number, language: string): string {
  return ratio.toLocaleString(language.startsWith('fr') ? 'fr-FR' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** The colour's preview (a button and a sidebar link drawn in its scale) and its contrast. */
function ColourPreview({ colour }: { colour: string }) {
  const { t, i18n } = useTranslation();
  const hex = normaliseHex(colour);
  if (!hex) return null;
  const scale = brandScale(hex);
  const ratio = whiteContrast(hex);
  const shown = formatRatio(Math.floor(ratio * 10) / 10, i18n.language);
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-800">
        {t('settings.appearance.colour.preview')}
      </p>
      <div
        data-testid="colour-preview"
        className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-[#fff] p-4"
      >
        <span
          className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold"
          style={{ backgroundColor: scale[600], color: '#fff' }}
        >
          {t('settings.appearance.colour.previewButton')}
        </span>
        <span
          className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold"
          style={{ backgroundColor: scale[50], color: scale[800] }}
        >
          {t('settings.appearance.colour.previewLink')}
        </span>
      </div>
      {ratio < READABLE_CONTRAST ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('settings.appearance.colour.lowContrast', { ratio: shown })}
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          {t('settings.appearance.colour.contrast', { ratio: shown })}
        </p>
      )}
    </div>
  );
}

function AppearanceForm({ appearance, editable }: { appearance: Appearance; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveAppearance();
  const form = useSchemaForm(updateAppearanceRequestSchema, {
    defaultValues: { brandColor: appearance.brandColor, defaultTheme: appearance.defaultTheme },
    codes: { APPEARANCE_COLOR_INVALID: 'brandColor' },
    refusal: 'toast',
  });
  const colour = useWatch({ control: form.control, name: 'brandColor' });
  const theme = useWatch({ control: form.control, name: 'defaultTheme' });
  const { reset, formState } = form;

  useEffect(() => {
    if (!formState.isDirty) {
      reset({ brandColor: appearance.brandColor, defaultTheme: appearance.defaultTheme });
    }
  }, [reset, formState.isDirty, appearance.brandColor, appearance.defaultTheme]);

  async function send(values: UpdateAppearanceRequest) {
    const hex = normaliseBrandColor(values.brandColor);
    if (!hex) {
      form.setError(
        'brandColor',
        { message: t('settings.appearance.colour.invalid') },
        { shouldFocus: true },
      );
      return;
    }
    await save.mutateAsync({ ...values, brandColor: hex });
    form.reset({ ...values, brandColor: hex });
    notify.success(t('settings.appearance.saved'));
  }

  const pickerValue = normaliseHex(colour)?.toLowerCase() ?? DEFAULT_BRAND_COLOR.toLowerCase();

  return (
    <form
      noValidate
      onSubmit={(event) => void form.submitWith(send, t('settings.failure'))(event)}
      className="space-y-6"
    >
      <SettingsSection title={t('settings.appearance.colour.title')}>
        <fieldset disabled={!editable} className="grid gap-6 md:grid-cols-2">
          <div className="space-y-3">
            <div className="flex items-start gap-3">
              <div>
                <label
                  htmlFor="couleur-selecteur"
                  className="mb-1.5 block text-sm font-medium text-slate-800"
                >
                  {t('settings.appearance.colour.picker')}
                </label>
                <input
                  id="couleur-selecteur"
                  type="color"
                  value={pickerValue}
                  onChange={(event) =>
                    form.setValue('brandColor', event.target.value.toUpperCase(), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                  className="block h-11 w-16 cursor-pointer rounded-lg border border-slate-500 bg-white p-1"
                />
              </div>
              <FormField
                form={form}
                name="brandColor"
                label={t('settings.appearance.colour.hex')}
                hint={t('settings.appearance.colour.hexHint')}
                autoComplete="off"
                spellCheck={false}
                wrapperClassName="min-w-0 flex-1"
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                form.setValue('brandColor', DEFAULT_BRAND_COLOR, { shouldDirty: true })
              }
            >
              {t('settings.appearance.colour.reset')}
            </Button>
          </div>
          <ColourPreview colour={colour} />
        </fieldset>
      </SettingsSection>
      <SettingsSection
        title={t('settings.appearance.theme.title')}
        lead={t('settings.appearance.theme.lead')}
      >
        <fieldset disabled={!editable}>
          <ChoiceGroup
            legend={<span className="sr-only">{t('settings.appearance.theme.title')}</span>}
          >
            <div className="flex flex-wrap gap-3">
              {(['dark', 'light'] as const).map((value) => {
                const Icon = value === 'dark' ? Moon : Sun;
                return (
                  <label
                    key={value}
                    className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 ${theme === value ? 'border-brand-600 bg-brand-50' : 'border-slate-300'}`}
                  >
                    <input
                      type="radio"
                      value={value}
                      {...form.register('defaultTheme')}
                      className="accent-brand-600"
                    />
                    <Icon aria-hidden="true" className="size-4 text-slate-600" />
                    <span className="text-sm font-medium text-slate-900">
                      {t(`settings.appearance.theme.${value}`)}
                    </span>
                  </label>
                );
              })}
            </div>
          </ChoiceGroup>
        </fieldset>
      </SettingsSection>
      <SettingsSaveBar
        form={form}
        editable={editable}
        label={t('settings.appearance.submit')}
        pendingLabel={t('settings.appearance.submitting')}
      />
    </form>
  );
}

/** « Apparence » (/admin/appearance): logo, main colour with its contrast, default theme. */
export function AppearancePage() {
  const { t } = useTranslation();
  const query = useAppearance();
  const editable = useMayManageSettings();
  return (
    <SettingsPage
      title={t('settings.appearance.title')}
      lead={t('settings.appearance.lead')}
      back="general"
    >
      <SettingsContent query={query} editable={editable}>
        {(appearance) => (
          <>
            <LogoSection logoUrl={appearance.logoUrl} editable={editable} />
            <AppearanceForm appearance={appearance} editable={editable} />
          </>
        )}
      </SettingsContent>
    </SettingsPage>
  );
}
