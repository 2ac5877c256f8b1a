import { useTranslation } from 'react-i18next';
import {
  formatPhoneNational,
  schoolCountryLabels,
  schoolCountryValues,
  updateSchoolDetailsRequestSchema,
} from '@ecolage/contracts';
import type { SchoolCountry, SchoolIdentity } from '@ecolage/contracts';
import { EmailField } from '../../components/ui/field';
import { FormField, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { BankSection } from './bank-section';
import { KycSection } from './kyc-section';
import { useSaveDetails, useSchoolDetails } from './settings.api';
import {
  SettingsContent,
  SettingsPage,
  SettingsSaveBar,
  SettingsSection,
  useMayManageSettings,
} from './settings-ui';

const COUNTRY_OPTIONS = schoolCountryValues.map((code) => ({
  value: code,
  label: schoolCountryLabels[code],
}));

function identityValues(identity: SchoolIdentity) {
  const country: SchoolCountry = (schoolCountryValues as readonly string[]).includes(
    identity.country,
  )
    ? (identity.country as SchoolCountry)
    : 'TG';
  return {
    name: identity.name,
    // Shown as the school's people write it (« 90 12 34 56 »); sent back as E.164 all the same.
    supportPhone: identity.supportPhone ? formatPhoneNational(identity.supportPhone, country) : '',
    contactEmail: identity.contactEmail ?? '',
    address: identity.address ?? '',
    city: identity.city ?? '',
    country,
  };
}

/** « Organisation »: name, support phone (type tel), contact e-mail (type email), address. */
function OrganisationForm({ identity, editable }: { identity: SchoolIdentity; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveDetails();
  const form = useSchemaForm(updateSchoolDetailsRequestSchema, {
    defaultValues: identityValues(identity),
    refusal: 'toast',
  });

  async function send(values: unknown) {
    await save.mutateAsync(values);
    notify.success(t('settings.details.organisation.saved'));
  }

  return (
    <SettingsSection title={t('settings.details.organisation.title')}>
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(send, t('settings.failure'))(event)}
      >
        <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="name"
            required
            label={t('settings.details.organisation.name')}
            autoComplete="organization"
            wrapperClassName="sm:col-span-2"
          />
          <FormField
            form={form}
            name="supportPhone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            label={t('settings.details.organisation.supportPhone')}
            hint={t('settings.details.organisation.supportPhoneHint')}
          />
          <FormField
            form={form}
            name="contactEmail"
            control={EmailField}
            label={t('settings.details.organisation.contactEmail')}
          />
          <FormField
            form={form}
            name="address"
            label={t('settings.details.organisation.address')}
            autoComplete="street-address"
            wrapperClassName="sm:col-span-2"
          />
          <FormField
            form={form}
            name="city"
            label={t('settings.details.organisation.city')}
            autoComplete="address-level2"
          />
          <FormField
            form={form}
            name="country"
            control={SelectField}
            options={COUNTRY_OPTIONS}
            label={t('settings.details.organisation.country')}
          />
        </fieldset>
        <SettingsSaveBar
          form={form}
          editable={editable}
          className="mt-5 flex justify-end"
          label={t('settings.save')}
          pendingLabel={t('settings.saving')}
        />
      </form>
    </SettingsSection>
  );
}

/** « Détails de l'organisation » (/admin/details): identity, bank details, KYC documents. */
export function DetailsPage() {
  const { t } = useTranslation();
  const query = useSchoolDetails();
  const editable = useMayManageSettings();
  return (
    <SettingsPage
      title={t('settings.details.title')}
      lead={t('settings.details.lead')}
      back="appearance"
    >
      <SettingsContent query={query} editable={editable}>
        {(details) => (
          <>
            <OrganisationForm identity={details.identity} editable={editable} />
            <BankSection bank={details.bank} editable={editable} />
            <KycSection kyc={details.kyc} editable={editable} />
          </>
        )}
      </SettingsContent>
    </SettingsPage>
  );
}
