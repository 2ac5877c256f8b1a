import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LockKeyholeOpen } from 'lucide-react';
import { openCashSessionSchema } from '@ecolage/contracts';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { readAmount, tidyAmountText } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { useOpenCashSession } from './cash-desk.api';
import { Panel } from './cash-desk-ui';

/** The float as typed (« 25 000 »), read into francs for the contracts' schema. */
const openFormSchema = readFormSchema<{ openingFloat: string }, { openingFloat: number }>(
  openCashSessionSchema,
  { read: (values) => ({ openingFloat: readAmount(values.openingFloat) }) },
);

/**
 * « Ouvrir la caisse »: the opening float counted in the drawer, a whole number of francs (0
 * for an empty drawer), checked with the contracts' schema before it is sent.
 */
export function OpenSessionForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const open = useOpenCashSession();
  const form = useSchemaForm(openFormSchema, { defaultValues: { openingFloat: '' } });
  const floatField = form.register('openingFloat', {
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('openingFloat', tidyAmountText(event.target.value)),
  });

  const submit = form.submitWith(async ({ openingFloat }) => {
    await open.mutateAsync(openingFloat);
    notify.success(t('cashDesk.open.done'));
  }, t('cashDesk.open.failure'));

  return (
    <Panel titleId={titleId} title={t('cashDesk.open.title')}>
      <p className="text-slate-700">{t('cashDesk.open.lead')}</p>
      <form
        noValidate
        aria-labelledby={titleId}
        onSubmit={(event) => void submit(event)}
        className="mt-5 space-y-5"
      >
        <FormError form={form} />
        <FormField
          form={form}
          {...floatField}
          name="openingFloat"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          wrapperClassName="sm:w-1/2"
          label={t('cashDesk.open.float')}
          hint={t('cashDesk.open.floatHint')}
        />
        <FormSubmitButton
          form={form}
          pending={open.isPending}
          label={t('cashDesk.open.submit')}
          pendingLabel={t('cashDesk.open.submitting')}
          icon={<LockKeyholeOpen aria-hidden="true" className="size-4" />}
          className="max-sm:w-full"
        />
      </form>
    </Panel>
  );
}
