import { useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingSettings } from '@ecolage/contracts';
import { SubmitButton } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { BILLING_FIELDS, billingValues, checkBilling } from './billing-settings-values';
import type { BillingValues } from './billing-settings-values';
import { serverFieldErrors, showErrors, without } from './form-errors';
import type { FieldErrors } from './form-errors';
import { NumberField, RadioOption } from './form-parts';
import { useSaveBillingSettings } from './programmes.api';

type TextField = {
  [Field in keyof BillingValues]: BillingValues[Field] extends string ? Field : never;
}[keyof BillingValues];

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
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveBillingSettings();
  const [values, setValues] = useState(() => billingValues(settings, language));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function set<Field extends keyof BillingValues>(
    field: Field,
    value: BillingValues[Field],
    path: string,
  ) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => without(current, path));
  }

  const text = (field: TextField, path: string) => ({
    name: path,
    value: values[field],
    onValueChange: (value: string) => set(field, value, path),
    error: errors[path],
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canManage || save.isPending) return;
    const checked = checkBilling(values, {
      required: t('programmes.billing.required'),
      notANumber: t('programmes.billing.notANumber'),
    });
    if (showErrors(formRef.current, setErrors, checked.errors ?? {}) || !checked.settings) return;
    setFormError(null);
    try {
      const saved = await save.mutateAsync(checked.settings);
      setValues(billingValues(saved, language));
    } catch (error) {
      const fields = serverFieldErrors(error, (path) =>
        (BILLING_FIELDS as readonly string[]).includes(path),
      );
      if (!showErrors(formRef.current, setErrors, fields)) {
        setFormError(errorMessage(error, t, t('ui.genericError')));
      }
      return;
    }
    notify.success(t('programmes.billing.saved'));
  }

  const percent = values.lateFeeKind === 'percent';
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="regles-titre"
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <FormAlert>{formError}</FormAlert>
      <fieldset disabled={!canManage} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('programmes.billing.matriculePrefix')}
            hint={t('programmes.billing.matriculePrefixHint')}
            name="matriculePrefix"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            value={values.matriculePrefix}
            onChange={(event) =>
              set('matriculePrefix', event.target.value.toUpperCase(), 'matriculePrefix')
            }
            error={errors.matriculePrefix}
          />
          <NumberField
            label={t('programmes.billing.monthlyDueDay')}
            hint={t('programmes.billing.monthlyDueDayHint')}
            maxLength={2}
            {...text('monthlyDueDay', 'monthlyDueDay')}
          />
        </div>
        <Group legend={t('programmes.billing.sibling')}>
          <Checkbox
            name="siblingDiscount.enabled"
            label={t('programmes.billing.siblingEnabled')}
            description={t('programmes.billing.siblingHint')}
            checked={values.siblingEnabled}
            onChange={(event) =>
              set('siblingEnabled', event.target.checked, 'siblingDiscount.enabled')
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label={t('programmes.billing.secondChild')}
              unit="%"
              {...text('secondChildPercent', 'siblingDiscount.secondChildPercent')}
            />
            <NumberField
              label={t('programmes.billing.thirdChild')}
              unit="%"
              {...text('thirdChildPercent', 'siblingDiscount.thirdChildPercent')}
            />
          </div>
        </Group>
        <Group legend={t('programmes.billing.lateFee')}>
          <Checkbox
            name="lateFee.enabled"
            label={t('programmes.billing.lateFeeEnabled')}
            description={t('programmes.billing.lateFeeHint')}
            checked={values.lateFeeEnabled}
            onChange={(event) => set('lateFeeEnabled', event.target.checked, 'lateFee.enabled')}
          />
          <NumberField
            wrapperClassName="sm:max-w-xs"
            label={t('programmes.billing.graceDays')}
            unit={t('programmes.billing.days')}
            {...text('graceDays', 'lateFee.graceDays')}
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
                onChange={() => set('lateFeeKind', 'fixed', 'lateFee.value')}
                label={t('programmes.billing.fixed')}
              />
              <RadioOption
                name="lateFee.kind"
                value="percent"
                checked={percent}
                onChange={() => set('lateFeeKind', 'percent', 'lateFee.value')}
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
              {...text('lateFeeValue', 'lateFee.value')}
            />
            <NumberField
              label={t('programmes.billing.cap')}
              hint={t('programmes.billing.capHint')}
              unit="FCFA"
              tidy
              {...text('lateFeeCap', 'lateFee.cap')}
            />
          </div>
        </Group>
        <Group legend={t('programmes.billing.onlinePayment')}>
          <Checkbox
            name="onlinePayment.partialAllowed"
            label={t('programmes.billing.partialAllowed')}
            description={t('programmes.billing.partialHint')}
            checked={values.partialAllowed}
            onChange={(event) =>
              set('partialAllowed', event.target.checked, 'onlinePayment.minimumAmount')
            }
          />
          {values.partialAllowed ? (
            <NumberField
              wrapperClassName="sm:max-w-xs"
              label={t('programmes.billing.minimumAmount')}
              hint={t('programmes.billing.minimumAmountHint')}
              tidy
              {...text('minimumAmount', 'onlinePayment.minimumAmount')}
            />
          ) : null}
        </Group>
      </fieldset>
      {canManage ? (
        <div className="flex justify-end">
          <SubmitButton
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
