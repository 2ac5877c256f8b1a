import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingSettings } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { InputField } from '../../components/ui/field';
import { FormError, FormSubmitButton, fieldError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { billingFormSchema, billingValues, NUMBER_PATHS } from './billing-settings-values';
import { NumberField, RadioOption } from './form-parts';
import { useSaveBillingSettings } from './programmes.api';

type NumberPath = (typeof NUMBER_PATHS)[number];

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}

/**
 * The billing rules as a form: matricule prefix, due day of monthly instalments, sibling
 * discount, late fees, online payment (partial payments and their minimum). Read-only (every control disabled, no save button) without
 * manage:settings.
 */
export function BillingSettingsForm({
  settings,
  canManage,
}: {
  settings: BillingSettings;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const save = useSaveBillingSettings();
  const form = useSchemaForm(billingFormSchema, {
    defaultValues: billingValues(settings, language),
    messages: (translate) => {
      const own = {
        required: translate('programmes.billing.required'),
        invalidFormat: translate('programmes.billing.notANumber'),
      };
      return Object.fromEntries(NUMBER_PATHS.map((path) => [path, own]));
    },
  });
  const values = form.watch();

  /** A number typed as text, shown as typed; its message goes once it changes. */
  const number = (path: NumberPath) => {
    const { ref, name, onBlur } = form.register(path);
    return {
      ref,
      name,
      onBlur,
      value: form.watch(path),
      onValueChange: (value: string) => {
        form.setValue(path, value);
        form.clearErrors(path);
      },
      error: fieldError(form, path),
    };
  };

  const submit = form.submitWith(async (rules) => {
    if (!canManage) return;
    const saved = await save.mutateAsync(rules);
    form.reset(billingValues(saved, language));
    notify.success(t('programmes.billing.saved'));
  }, t('ui.genericError'));

  const percent = values.lateFee.kind === 'percent';
  return (
    <form
      noValidate
      aria-labelledby="regles-titre"
      onSubmit={(event) => void submit(event)}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <FormError form={form} />
      <fieldset disabled={!canManage} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('programmes.billing.matriculePrefix')}
            hint={t('programmes.billing.matriculePrefixHint')}
            {...form.register('matriculePrefix', {
              onChange: (event: { target: { value: string } }) =>
                form.setValue('matriculePrefix', event.target.value.toUpperCase()),
            })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            error={fieldError(form, 'matriculePrefix')}
          />
          <NumberField
            label={t('programmes.billing.monthlyDueDay')}
            hint={t('programmes.billing.monthlyDueDayHint')}
            maxLength={2}
            {...number('monthlyDueDay')}
          />
        </div>
        <Group legend={t('programmes.billing.sibling')}>
          <Checkbox
            name="siblingDiscount.enabled"
            label={t('programmes.billing.siblingEnabled')}
            description={t('programmes.billing.siblingHint')}
            checked={values.siblingDiscount.enabled}
            onChange={(event) => form.setValue('siblingDiscount.enabled', event.target.checked)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label={t('programmes.billing.secondChild')}
              unit="%"
              {...number('siblingDiscount.secondChildPercent')}
            />
            <NumberField
              label={t('programmes.billing.thirdChild')}
              unit="%"
              {...number('siblingDiscount.thirdChildPercent')}
            />
          </div>
        </Group>
        <Group legend={t('programmes.billing.lateFee')}>
          <Checkbox
            name="lateFee.enabled"
            label={t('programmes.billing.lateFeeEnabled')}
            description={t('programmes.billing.lateFeeHint')}
            checked={values.lateFee.enabled}
            onChange={(event) => form.setValue('lateFee.enabled', event.target.checked)}
          />
          <NumberField
            wrapperClassName="sm:max-w-xs"
            label={t('programmes.billing.graceDays')}
            unit={t('programmes.billing.days')}
            {...number('lateFee.graceDays')}
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              {t('programmes.billing.lateFeeKind')}
            </legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <RadioOption
                name="lateFee.kind"
                value="fixed"
                checked={!percent}
                onChange={() => {
                  form.setValue('lateFee.kind', 'fixed');
                  form.clearErrors('lateFee.value');
                }}
                label={t('programmes.billing.fixed')}
              />
              <RadioOption
                name="lateFee.kind"
                value="percent"
                checked={percent}
                onChange={() => {
                  form.setValue('lateFee.kind', 'percent');
                  form.clearErrors('lateFee.value');
                }}
                label={t('programmes.billing.percent')}
              />
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label={
                percent ? t('programmes.billing.percentValue') : t('programmes.billing.fixedValue')
              }
              unit={percent ? '%' : 'FCFA'}
              tidy={!percent}
              {...number('lateFee.value')}
            />
            <NumberField
              label={t('programmes.billing.cap')}
              hint={t('programmes.billing.capHint')}
              unit="FCFA"
              tidy
              {...number('lateFee.cap')}
            />
          </div>
        </Group>
        <Group legend={t('programmes.billing.onlinePayment')}>
          <Checkbox
            name="onlinePayment.partialAllowed"
            label={t('programmes.billing.partialAllowed')}
            description={t('programmes.billing.partialHint')}
            checked={values.onlinePayment.partialAllowed}
            onChange={(event) => {
              form.setValue('onlinePayment.partialAllowed', event.target.checked);
              form.clearErrors('onlinePayment.minimumAmount');
            }}
          />
          {values.onlinePayment.partialAllowed ? (
            <NumberField
              wrapperClassName="sm:max-w-xs"
              label={t('programmes.billing.minimumAmount')}
              hint={t('programmes.billing.minimumAmountHint')}
              tidy
              {...number('onlinePayment.minimumAmount')}
            />
          ) : null}
        </Group>
      </fieldset>
      {canManage ? (
        <div className="flex justify-end">
          <FormSubmitButton
            form={form}
            pending={save.isPending}
            label={t('programmes.billing.save')}
            pendingLabel={t('programmes.saving')}
            className="max-sm:w-full"
          />
        </div>
      ) : null}
    </form>
  );
}
