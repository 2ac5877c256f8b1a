import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import {
  providerFeeRateRequestSchema,
  providerFeeWallets,
  providerLabels,
  providerValues,
  walletLabels,
} from '@ecolage/contracts';
import type { ProviderFeeRate, ProviderFeeRateRequest, ProviderValue } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { SelectField } from '../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { notify } from '../../components/ui/toaster';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { formatMoney, readAmount, readWhole } from '../../lib/amounts';
import { formatDate, formatNumber } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { readFormSchema } from '../payments/payment-form-schema';
import { useAddProviderFee, useProviderFees } from './operator.api';

interface FeeValues {
  provider: string;
  wallet: string;
  percentBp: string;
  fixedXof: string;
  effectiveFrom: string;
  note: string;
}

/** The fields as typed, read into the contracts' request (checked by its schema). */
const feeFormSchema = readFormSchema<FeeValues, ProviderFeeRateRequest>(
  providerFeeRateRequestSchema,
  {
    read: (values) => ({
      provider: values.provider || undefined,
      wallet: values.wallet || null,
      percentBp: readWhole(values.percentBp),
      fixedXof: readAmount(values.fixedXof) ?? 0,
      effectiveFrom: values.effectiveFrom,
      ...(values.note.trim() ? { note: values.note } : {}),
    }),
  },
);

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * « Frais des opérateurs »: each payment provider's merchant rate in force, the history, and a
 * form that adds a rate from today or a later day (never edits one: the accounting computes each
 * payment's fee with the rate of its day).
 */
export function ProviderFeesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('operator.fees.title'));
  const fees = useProviderFees();

  let current;
  let history;
  if (fees.isPending) current = <ListState tone="loading" title={t('operator.fees.loading')} />;
  else if (fees.isError || !fees.data) {
    current = (
      <ListState
        tone="error"
        title={t('operator.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void fees.refetch()}
      />
    );
  } else {
    current =
      fees.data.current.length === 0 ? (
        <ListState title={t('operator.fees.empty')} />
      ) : (
        <FeesTable rates={fees.data.current} caption={t('operator.fees.caption')} />
      );
    history = <FeesTable rates={fees.data.history} caption={t('operator.fees.historyCaption')} />;
  }

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('operator.fees.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('operator.fees.lead')}</p>
      </header>
      <section className="space-y-3" aria-labelledby="frais-en-vigueur">
        <h2 id="frais-en-vigueur" className="text-lg font-bold text-brand-950">
          {t('operator.fees.current')}
        </h2>
        {current}
      </section>
      <AddRateForm />
      {history ? (
        <section className="space-y-3" aria-labelledby="frais-historique">
          <h2 id="frais-historique" className="text-lg font-bold text-brand-950">
            {t('operator.fees.history')}
          </h2>
          {history}
        </section>
      ) : null}
    </div>
  );
}

function FeesTable({ rates, caption }: { rates: ProviderFeeRate[]; caption: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Table caption={caption} minWidth="min-w-[48rem]">
      <THead>
        <Tr>
          <Th>{t('operator.fees.columns.provider')}</Th>
          <Th>{t('operator.fees.columns.wallet')}</Th>
          <Th className="text-right">{t('operator.fees.columns.rate')}</Th>
          <Th className="text-right">{t('operator.fees.columns.fixed')}</Th>
          <Th>{t('operator.fees.columns.from')}</Th>
          <Th>{t('operator.fees.columns.note')}</Th>
        </Tr>
      </THead>
      <TBody>
        {rates.map((rate) => (
          <Tr key={rate.id}>
            <Td className="font-medium">{providerLabels[rate.provider]}</Td>
            <Td>{rate.wallet ? walletLabels[rate.wallet] : t('operator.fees.allWallets')}</Td>
            <Td className="text-right tabular-nums">
              {formatNumber(rate.percentBp / 100, i18n.language)} %
            </Td>
            <Td className="text-right tabular-nums">{formatMoney(rate.fixedXof, i18n.language)}</Td>
            <Td>{formatDate(rate.effectiveFrom, i18n.language)}</Td>
            <Td className="max-w-sm text-sm text-slate-700">{rate.note}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function AddRateForm() {
  const { t } = useTranslation();
  const add = useAddProviderFee();
  const form = useSchemaForm(feeFormSchema, {
    defaultValues: {
      provider: 'paygate',
      wallet: '',
      percentBp: '',
      fixedXof: '0',
      effectiveFrom: today(),
      note: '',
    },
    codes: {
      FEE_RATE_IN_PAST: 'effectiveFrom',
      FEE_WALLET_MISMATCH: 'wallet',
      FEE_RATE_EXISTS: 'effectiveFrom',
    },
  });
  const provider = form.watch('provider') as ProviderValue;
  const wallets = providerFeeWallets[provider] ?? [];

  const submit = form.submitWith(async (request) => {
    await add.mutateAsync(request);
    notify.success(t('operator.fees.form.done'));
    form.reset({ ...form.getValues(), percentBp: '', note: '' });
  }, t('operator.fees.form.failure'));

  return (
    <section
      aria-labelledby="frais-ajouter"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="frais-ajouter" className="text-lg font-bold text-brand-950">
        {t('operator.fees.add')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <FormError form={form} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField
            form={form}
            name="provider"
            label={t('operator.fees.form.provider')}
            control={SelectField}
            required
            options={providerValues.map((value) => ({ value, label: providerLabels[value] }))}
          />
          <FormField
            form={form}
            name="wallet"
            label={t('operator.fees.form.wallet')}
            control={SelectField}
            options={[
              { value: '', label: t('operator.fees.allWallets') },
              ...wallets.map((wallet) => ({ value: wallet, label: walletLabels[wallet] })),
            ]}
          />
          <FormField
            form={form}
            name="effectiveFrom"
            type="date"
            min={today()}
            label={t('operator.fees.form.from')}
            required
          />
          <FormField
            form={form}
            name="percentBp"
            inputMode="numeric"
            label={t('operator.fees.form.percent')}
            hint={t('operator.fees.form.percentHint')}
            required
          />
          <FormField
            form={form}
            name="fixedXof"
            inputMode="numeric"
            label={t('operator.fees.form.fixed')}
          />
          <FormField form={form} name="note" label={t('operator.fees.form.note')} maxLength={300} />
        </div>
        <div className="flex justify-end">
          <FormSubmitButton
            form={form}
            pending={add.isPending}
            label={t('operator.fees.form.submit')}
            pendingLabel={t('operator.fees.form.pending')}
            icon={<Plus aria-hidden="true" className="size-4" />}
          />
        </div>
      </form>
    </section>
  );
}
