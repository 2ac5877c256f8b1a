import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check, ShieldAlert } from 'lucide-react';
import {
  groupByFour,
  isValidBic,
  isValidIban,
  normaliseBankText,
  ribProblem,
  updateBankDetailsRequestSchema,
} from '@ecolage/contracts';
import type { BankDetails } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import {
  fieldError,
  FormError,
  FormField,
  FormSubmitButton,
  useSchemaForm,
} from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { PasswordField } from '../auth/password-field';
import { useSaveBank } from './settings.api';
import { SettingsSection } from './settings-ui';

type BankField = 'rib' | 'iban' | 'bic';

/** What is wrong with a typed account number, or null (also null while it is empty). */
function accountProblem(
  field: BankField,
  value: string,
): 'ribFormat' | 'ribKey' | 'ibanInvalid' | 'bicInvalid' | null {
  const text = normaliseBankText(value);
  if (text === '') return null;
  if (field === 'rib') {
    const problem = ribProblem(text);
    return problem === 'format' ? 'ribFormat' : problem === 'key' ? 'ribKey' : null;
  }
  if (field === 'iban') return isValidIban(text) ? null : 'ibanInvalid';
  return isValidBic(text) ? null : 'bicInvalid';
}

/** A RIB as its parts read on a bank letter: bank, branch, account, key (`TG009 01001 … 62`). */
function groupRib(rib: string): string {
  if (rib.length !== 24) return rib;
  return [rib.slice(0, 5), rib.slice(5, 10), rib.slice(10, 22), rib.slice(22)].join(' ');
}

/**
 * The live check under RIB and IBAN: the number grouped (RIB by its parts, IBAN by four) and
 * whether it holds — the problem said here only while the field carries no message of its own.
 */
function AccountCheck({
  field,
  value,
  refused,
}: {
  field: BankField;
  value: string;
  refused: boolean;
}) {
  const { t } = useTranslation();
  const text = normaliseBankText(value);
  if (text === '') return null;
  const problem = accountProblem(field, text);
  if (problem && refused) return null;
  return (
    <p
      aria-live="polite"
      className={`mt-1.5 flex items-start gap-1.5 text-sm ${problem ? 'text-amber-800' : 'text-green-800'}`}
    >
      {problem ? null : <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
      <span>
        <span className="font-mono">{field === 'rib' ? groupRib(text) : groupByFour(text)}</span>
        {' — '}
        {problem ? t(`settings.details.bank.${problem}`) : t('settings.details.bank.valid')}
      </span>
    </p>
  );
}

/**
 * « Coordonnées bancaires »: RIB and IBAN checked as they are typed (contracts' bank-account),
 * then « Enregistrer » asks for the member's password in a dialog: the change alerts every
 * Super administration (payout fraud). Read-only members see RIB and IBAN masked.
 */
export function BankSection({ bank, editable }: { bank: BankDetails; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBank();
  const [confirming, setConfirming] = useState(false);
  const formId = 'coordonnees-bancaires';
  const form = useSchemaForm(updateBankDetailsRequestSchema, {
    defaultValues: {
      bankName: bank.bankName ?? '',
      accountHolder: bank.accountHolder ?? '',
      rib: bank.masked ? '' : (bank.rib ?? ''),
      iban: bank.masked ? '' : (bank.iban ?? ''),
      bic: bank.bic ?? '',
      password: '',
    },
    codes: {
      BANK_RIB_INVALID: 'rib',
      BANK_RIB_KEY_INVALID: 'rib',
      BANK_IBAN_INVALID: 'iban',
      BANK_BIC_INVALID: 'bic',
      BANK_ACCOUNT_REQUIRED: 'rib',
      BANK_PASSWORD_INVALID: 'password',
    },
    refusal: 'alert',
  });
  const [rib, iban] = useWatch({ control: form.control, name: ['rib', 'iban'] });

  /** « Enregistrer »: the fields checked here first, then the password asked. */
  async function askPassword() {
    const fine = await form.trigger(['bankName', 'accountHolder', 'rib', 'iban', 'bic']);
    const values = form.getValues();
    let firstWrong: BankField | null = null;
    for (const field of ['rib', 'iban', 'bic'] as const) {
      const problem = accountProblem(field, values[field] ?? '');
      if (problem) {
        form.setError(field, { type: 'custom', message: t(`settings.details.bank.${problem}`) });
        firstWrong ??= field;
      }
    }
    if (!normaliseBankText(values.rib ?? '') && !normaliseBankText(values.iban ?? '')) {
      form.setError('rib', { type: 'custom', message: t('settings.details.bank.accountRequired') });
      firstWrong ??= 'rib';
    }
    if (firstWrong) form.setFocus(firstWrong);
    if (!fine || firstWrong) return;
    form.clearErrors('password');
    setConfirming(true);
  }

  async function send(values: unknown) {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      // A wrong password stays in the dialog; any other refusal goes to its field on the page.
      if (!(error instanceof ApiClientError && error.code === 'BANK_PASSWORD_INVALID')) {
        setConfirming(false);
      }
      throw error;
    }
    setConfirming(false);
    form.reset({ ...form.getValues(), password: '' });
    notify.success(t('settings.details.bank.saved'));
  }

  if (!editable) {
    const rows: [string, string | null][] = [
      [t('settings.details.bank.bankName'), bank.bankName],
      [t('settings.details.bank.accountHolder'), bank.accountHolder],
      [t('settings.details.bank.rib'), bank.rib],
      [t('settings.details.bank.iban'), bank.iban],
      [t('settings.details.bank.bic'), bank.bic],
    ];
    return (
      <SettingsSection
        title={t('settings.details.bank.title')}
        lead={t('settings.details.bank.masked')}
      >
        <dl className="grid gap-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      </SettingsSection>
    );
  }

  return (
    <SettingsSection
      title={t('settings.details.bank.title')}
      lead={
        bank.updatedAt
          ? `${t('settings.details.bank.lead')} ${t('settings.details.bank.updatedAt', { date: formatDateTime(bank.updatedAt, i18n.language) })}`
          : t('settings.details.bank.lead')
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          // Enter in a field of the page asks for the password first, like « Enregistrer ».
          if (!confirming) {
            event.preventDefault();
            void askPassword();
            return;
          }
          void form.submitWith(send, t('settings.failure'))(event);
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="bankName"
            required
            label={t('settings.details.bank.bankName')}
          />
          <FormField
            form={form}
            name="accountHolder"
            required
            label={t('settings.details.bank.accountHolder')}
          />
          <div className="sm:col-span-2">
            <FormField
              form={form}
              name="rib"
              label={t('settings.details.bank.rib')}
              hint={t('settings.details.bank.ribHint')}
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
            />
            <AccountCheck
              field="rib"
              value={rib ?? ''}
              refused={Boolean(fieldError(form, 'rib'))}
            />
          </div>
          <div className="sm:col-span-2">
            <FormField
              form={form}
              name="iban"
              label={t('settings.details.bank.iban')}
              hint={t('settings.details.bank.ibanHint')}
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
            />
            <AccountCheck
              field="iban"
              value={iban ?? ''}
              refused={Boolean(fieldError(form, 'iban'))}
            />
          </div>
          <FormField
            form={form}
            name="bic"
            required
            label={t('settings.details.bank.bic')}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
        </div>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => void askPassword()}>{t('settings.save')}</Button>
        </div>
        <Dialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('settings.details.bank.confirmTitle')}
          closeLabel={t('settings.close')}
          description={t('settings.details.bank.confirmText')}
          footer={
            <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('settings.cancel')}
              </Button>
              <FormSubmitButton
                form={form}
                formId={formId}
                label={t('settings.details.bank.confirm')}
                pendingLabel={t('settings.details.bank.confirming')}
              />
            </div>
          }
        >
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
            {t('settings.notifications.bankNote')}
          </p>
          <FormField
            form={form}
            name="password"
            control={PasswordField}
            label={t('settings.details.bank.password')}
            autoComplete="current-password"
          />
          <FormError form={form} />
        </Dialog>
      </form>
    </SettingsSection>
  );
}
