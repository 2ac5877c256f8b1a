import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, paymentRequestSchema } from '@ecolage/contracts';
import type { PaymentRequest, StudentDetail, WalletValue } from '@ecolage/contracts';
import { FormError, FormField, fieldError, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { amountOrZero, formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { InvoiceChoice } from './invoice-choice';
import { paymentFormSchema } from './payment-form-schema';
import { usePayableInvoices, usePaymentOptions } from './payments.api';
import { WalletChoice } from './wallet-choice';

/** What the form holds; kept by the dialog so that « Réessayer » brings it back as it was. */
export interface RequestValues {
  guardianId: string;
  phone: string;
  /** null: not chosen yet (the only wallet of a school is chosen for the reader). */
  wallet: WalletValue | null;
  /** null: untouched, every unpaid invoice. */
  invoiceIds: string[] | null;
  amount: string;
}

/** The main payer (else the first guardian), their phone, nothing else chosen yet. */
export function initialRequestValues(student: StudentDetail): RequestValues {
  const guardian = student.guardians.find((item) => item.mainPayer) ?? student.guardians[0];
  return {
    guardianId: guardian?.id ?? '',
    phone: guardian ? formatPhone(guardian.phone) : '',
    wallet: null,
    invoiceIds: null,
    amount: '',
  };
}

/** What is on screen when the form is checked: the school's wallets, the payable invoices. */
interface Shown {
  wallets: WalletValue[];
  invoices: { id: string; balance: number }[];
  /** The invoices are shown to choose from (the reader may read them, and there are some). */
  invoicesShown: boolean;
}

/** The form's values: the request's, and what they are chosen among. */
type FormValues = RequestValues & { shown: Shown };

/** What the reader chose, from the values and what is on screen. */
function chosenOf({ shown, ...values }: FormValues) {
  const invoiceIds = values.invoiceIds ?? shown.invoices.map((invoice) => invoice.id);
  return {
    wallet: values.wallet ?? (shown.wallets.length === 1 ? (shown.wallets[0] ?? null) : null),
    invoiceIds,
    /** What the chosen invoices still owe. */
    balance: shown.invoices
      .filter((invoice) => invoiceIds.includes(invoice.id))
      .reduce((sum, invoice) => sum + invoice.balance, 0),
    /** Where « nothing to pay » is said: the invoices when they are shown, else the amount. */
    nothingField: shown.invoicesShown ? 'invoiceIds' : 'amount',
  };
}

/** The contracts' request schema and payment amount rules, on the form's values. */
const requestFormSchema = paymentFormSchema<FormValues, PaymentRequest>(paymentRequestSchema, {
  read: (values) => {
    const chosen = chosenOf(values);
    const amount = readAmount(values.amount);
    return {
      guardianId: values.guardianId,
      wallet: chosen.wallet ?? undefined,
      phone: values.phone,
      invoiceIds: chosen.invoiceIds,
      ...(amount !== undefined ? { amount } : {}),
    };
  },
  amountCase: (values) => {
    const chosen = chosenOf(values);
    return {
      amount: readAmount(values.amount),
      balance: chosen.balance,
      capped: chosen.invoiceIds.length > 0,
    };
  },
  pathOf: (refusal, values) =>
    refusal.code === 'NOTHING_TO_PAY' ? chosenOf(values).nothingField : 'amount',
});

/**
 * The request: who pays (the main payer by default) and from which phone (theirs, editable),
 * with what (the school's wallets), for which invoices (every unpaid one ticked) and, for a
 * partial payment, how much. Checked with the contracts' schema and payment amount rules before
 * it is sent; the server's refusals land on the same fields.
 */
export function PaymentRequestForm({
  formId,
  student,
  values,
  onChange,
  onSend,
  canReadInvoices,
  firstFieldRef,
}: {
  formId: string;
  student: StudentDetail;
  values: RequestValues;
  onChange: (values: RequestValues) => void;
  /** Sends the request; a refusal is thrown back to be shown here. */
  onSend: (body: PaymentRequest) => Promise<void>;
  pending: boolean;
  canReadInvoices: boolean;
  firstFieldRef: RefObject<HTMLSelectElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const invoices = usePayableInvoices(student.id, canReadInvoices);
  const options = usePaymentOptions();
  const payable = invoices.data ?? [];
  const shown: Shown = {
    wallets: options.data?.wallets ?? [],
    invoices: payable.map(({ id, balance }) => ({ id, balance })),
    invoicesShown: canReadInvoices && payable.length > 0,
  };

  const form = useSchemaForm(requestFormSchema, {
    defaultValues: { ...values, shown },
    messages: (translate) => ({
      guardianId: {
        required: translate('payments.request.guardianRequired'),
        invalid: translate('payments.request.guardianRequired'),
      },
      wallet: {
        required: translate('payments.request.walletRequired'),
        invalid: translate('payments.request.walletRequired'),
      },
    }),
  });
  // The check reads what is on screen now.
  const shownKey = JSON.stringify(shown);
  useEffect(() => form.setValue('shown', JSON.parse(shownKey) as Shown), [form, shownKey]);
  const watched = form.watch();
  const chosen = chosenOf({ ...watched, shown });
  const typedAmount = amountOrZero(readAmount(watched.amount));
  const total = typedAmount > 0 ? typedAmount : chosen.balance;

  // The dialog keeps the values, for « Réessayer ».
  useEffect(() => {
    const subscription = form.watch((current) => {
      const { shown: _shown, ...request } = current as FormValues;
      onChange(request);
    });
    return () => subscription.unsubscribe();
  }, [form, onChange]);

  // Back from a failed payment (« Réessayer »): the form is where to go on.
  useEffect(() => firstFieldRef.current?.focus(), [firstFieldRef]);

  const guardianField = form.register('guardianId', {
    onChange: (event: { target: { value: string } }) => {
      const guardian = student.guardians.find((item) => item.id === event.target.value);
      form.setValue('phone', guardian ? formatPhone(guardian.phone) : '');
      form.clearErrors('phone');
    },
  });
  // Registered in the page's order: the first field refused is the first focused.
  form.register('phone');
  const amountField = form.register('amount', {
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('amount', tidyAmountText(event.target.value)),
  });

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void form.submitWith(onSend, t('payments.request.failure'))(event)}
      className="space-y-5"
    >
      <FormError form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...guardianField}
          ref={(element) => {
            guardianField.ref(element);
            firstFieldRef.current = element;
          }}
          label={t('payments.request.guardian')}
          options={student.guardians.map((guardian) => ({
            value: guardian.id,
            label: guardian.mainPayer
              ? t('payments.request.mainPayer', { name: guardian.fullName })
              : guardian.fullName,
          }))}
          error={fieldError(form, 'guardianId')}
        />
        <FormField
          form={form}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
          label={t('payments.request.phone')}
          hint={t('payments.request.phoneHint')}
        />
      </div>
      <WalletChoice
        value={chosen.wallet}
        onChange={(next) => {
          form.setValue('wallet', next);
          form.clearErrors('wallet');
        }}
        error={fieldError(form, 'wallet')}
      />
      {canReadInvoices ? (
        <InvoiceChoice
          invoices={invoices}
          selected={chosen.invoiceIds}
          onChange={(next) => {
            form.setValue('invoiceIds', next);
            form.clearErrors(['invoiceIds', 'amount']);
          }}
          error={fieldError(form, 'invoiceIds')}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('payments.request.noInvoiceAccess')}</p>
      )}
      <FormField
        form={form}
        {...amountField}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        wrapperClassName="sm:w-1/2"
        label={
          shown.invoicesShown ? t('payments.request.amount') : t('payments.request.amountRequired')
        }
        hint={shown.invoicesShown ? t('payments.request.amountHint') : undefined}
      />
      <p
        aria-live="polite"
        className="rounded-xl bg-brand-50 px-4 py-3 text-base font-bold text-brand-950 tabular-nums"
      >
        {t('payments.request.total', { amount: formatMoney(total, language) })}
      </p>
    </form>
  );
}
