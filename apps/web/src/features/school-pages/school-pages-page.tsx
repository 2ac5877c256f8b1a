import { useTranslation } from 'react-i18next';
import { PUBLIC_INTRO_MAX_LENGTH, updateSchoolPagesSchema } from '@ecolage/contracts';
import type { SchoolPages, UpdateSchoolPages, UpdateSchoolPagesInput } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { ChoiceGroup, TextareaField } from '../../components/ui/field';
import { fieldError, FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { schoolPages as schoolPagesStrings } from '../../i18n/fr/school-pages';
import {
  SettingsContent,
  SettingsPage,
  SettingsSaveBar,
  SettingsSection,
  useMayManageSettings,
} from '../settings/settings-ui';
import { PageLinks } from './page-links';
import { useSaveSchoolPages, useSchoolPages } from './school-pages.api';
import { WalletMark } from './wallet-mark';

addFrenchStrings(schoolPagesStrings);

/** The form's values from the saved settings (every programme ticked when all are offered). */
function valuesOf(pages: SchoolPages): UpdateSchoolPagesInput {
  const { programmes } = pages.admissions;
  return {
    slug: pages.slug,
    publicIntro: pages.publicIntro ?? '',
    offeredWallets: pages.wallets.filter((item) => item.offered).map((item) => item.wallet),
    admissionsOpen: pages.admissions.open,
    // No programme to choose from: « every programme » (nothing to tick).
    admissionProgrammeIds:
      programmes.length === 0
        ? null
        : programmes.filter((item) => item.offered).map((item) => item.id),
  };
}

/** The site's origin, read from the addresses the server gives (`…/form`). */
function originOf(pages: SchoolPages): string {
  return pages.addresses.finder.replace(/\/form$/, '');
}

function PagesForm({ pages, editable }: { pages: SchoolPages; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSchoolPages();
  const form = useSchemaForm(updateSchoolPagesSchema, {
    defaultValues: valuesOf(pages),
    codes: {
      SCHOOL_SLUG_TAKEN: 'slug',
      SCHOOL_SLUG_RESERVED: 'slug',
      WALLET_NOT_IN_DEPLOYMENT: 'offeredWallets',
      PROGRAMME_NOT_FOUND: 'admissionProgrammeIds',
    },
    refusal: 'toast',
  });
  const slug = form.watch('slug').trim();
  const intro = form.watch('publicIntro') ?? '';
  const { programmes } = pages.admissions;
  const origin = originOf(pages);

  async function send(values: UpdateSchoolPages) {
    const ids = values.admissionProgrammeIds;
    // Every programme ticked: « all », so a programme created later is offered too.
    const all = ids !== null && programmes.every((programme) => ids.includes(programme.id));
    const saved = await save.mutateAsync({
      ...values,
      publicIntro: values.publicIntro || null,
      admissionProgrammeIds: all ? null : ids,
    });
    form.reset(valuesOf(saved));
    notify.success(t('schoolPages.saved'));
  }

  return (
    <form
      noValidate
      aria-label={t('schoolPages.title')}
      onSubmit={(event) => void form.submitWith(send, t('schoolPages.saveFailed'))(event)}
      className="space-y-6"
    >
      <fieldset disabled={!editable} className="space-y-6">
        <SettingsSection
          title={t('schoolPages.address.title')}
          lead={t('schoolPages.address.lead')}
        >
          <FormField
            form={form}
            name="slug"
            required
            label={t('schoolPages.address.slug')}
            hint={t('schoolPages.address.slugHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={80}
            wrapperClassName="max-w-lg"
          />
          <div className="mt-3 text-sm text-slate-700" aria-live="polite">
            <p>{t('schoolPages.address.preview')}</p>
            <ul className="mt-1 space-y-0.5 font-mono text-[0.8125rem] break-all text-slate-900">
              <li>{`${origin}/payer/${slug}`}</li>
              <li>{`${origin}/inscription/${slug}`}</li>
            </ul>
          </div>
          {pages.previousSlugs.length > 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              {t('schoolPages.address.previous', { slugs: pages.previousSlugs.join(', ') })}
            </p>
          ) : null}
        </SettingsSection>

        <SettingsSection title={t('schoolPages.intro.title')}>
          <FormField
            form={form}
            name="publicIntro"
            control={TextareaField}
            label={t('schoolPages.intro.label')}
            hint={t('schoolPages.intro.hint')}
            rows={4}
            maxLength={PUBLIC_INTRO_MAX_LENGTH + 50}
          />
          <p
            className={`mt-1 text-right text-sm ${intro.length > PUBLIC_INTRO_MAX_LENGTH ? 'font-semibold text-red-700' : 'text-slate-600'}`}
            aria-live="polite"
          >
            {t('schoolPages.intro.counter', {
              count: intro.length,
              max: PUBLIC_INTRO_MAX_LENGTH,
            })}
          </p>
        </SettingsSection>

        <SettingsSection
          title={t('schoolPages.wallets.title')}
          lead={t('schoolPages.wallets.lead')}
        >
          {pages.wallets.length === 0 ? (
            <p className="text-sm text-slate-700">{t('schoolPages.wallets.none')}</p>
          ) : (
            <ChoiceGroup
              // The section's title says it already: the legend is for screen readers.
              legend={<span className="sr-only">{t('schoolPages.wallets.title')}</span>}
              error={fieldError(form, 'offeredWallets')}
            >
              <ul className="grid gap-3 sm:grid-cols-2">
                {pages.wallets.map(({ wallet }) => (
                  <li key={wallet}>
                    <Checkbox
                      {...form.register('offeredWallets')}
                      value={wallet}
                      label={
                        <span className="inline-flex items-center gap-2">
                          <WalletMark wallet={wallet} />
                          {t(`schoolPages.wallets.names.${wallet}`)}
                        </span>
                      }
                    />
                  </li>
                ))}
              </ul>
            </ChoiceGroup>
          )}
        </SettingsSection>

        <SettingsSection title={t('schoolPages.admissions.title')}>
          <Checkbox
            {...form.register('admissionsOpen')}
            label={t('schoolPages.admissions.open')}
            description={t('schoolPages.admissions.openHint')}
          />
          {programmes.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">{t('schoolPages.admissions.noProgramme')}</p>
          ) : (
            <div className="mt-5">
              <ChoiceGroup
                legend={t('schoolPages.admissions.programmes')}
                error={fieldError(form, 'admissionProgrammeIds')}
              >
                <p className="mb-2 text-sm text-slate-600">
                  {t('schoolPages.admissions.programmesHint')}
                </p>
                <ul className="space-y-2">
                  {programmes.map((programme) => (
                    <li key={programme.id}>
                      <Checkbox
                        {...form.register('admissionProgrammeIds')}
                        value={programme.id}
                        label={programme.name}
                      />
                    </li>
                  ))}
                </ul>
              </ChoiceGroup>
            </div>
          )}
        </SettingsSection>
      </fieldset>
      <SettingsSaveBar
        form={form}
        editable={editable}
        label={t('schoolPages.save')}
        pendingLabel={t('schoolPages.saving')}
      />
    </form>
  );
}

/**
 * « Pages » (/admin/pages): the school's public pages — address (slug) with its live preview,
 * the introduction, the wallets offered to parents, the online pre-registration — and each
 * page's link and QR code. Read-only without manage:settings.
 */
export function SchoolPagesPage() {
  const { t } = useTranslation();
  const editable = useMayManageSettings();
  const pages = useSchoolPages();
  return (
    <SettingsPage title={t('schoolPages.title')} lead={t('schoolPages.lead')} back="general">
      <SettingsContent query={pages} editable={editable}>
        {(data) => (
          <>
            <PagesForm pages={data} editable={editable} />
            <PageLinks pages={data} />
          </>
        )}
      </SettingsContent>
    </SettingsPage>
  );
}
