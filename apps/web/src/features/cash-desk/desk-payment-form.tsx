import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins } from 'lucide-react';
import { CashDeskMessages, deskMethodValues, deskPaymentRequestSchema } from '@ecolage/contracts';
import type { DeskMethodValue, DeskPaymentRequest, StudentDetail } from '@ecolage/contracts';
import {
  FormError,
  FormField,
  FormSubmitButton,
  fieldError,
  useSchemaForm,
} from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import {
  amountOrZero,
  amountText,
  formatMoney,
  readAmount,
  tidyAmountText,
} from '../../lib/amounts';
import { InvoiceChoice } from '../payments/invoice-choice';
import { paymentFormSchema } from '../payments/payment-form-schema';
import { usePayableInvoices } from '../payments/payments.api';
import { usePendingPayments } from './cash-desk.api';
import { DeskCoupon } from './desk-coupon';
import { PendingPayments } from './pending-payments';
import { RadioChoice } from '../students/student-ui';

/** The invoices the desk may take, as the form is checked against them. */
interface Shown {
  invoices: { id: string; balance: number }[];
}

/** What the form holds. */
interface DeskValues {
  studentId: string;
  guardianId: string;
  /** null: untouched, every unpaid invoice. */
  invoiceIds: string[] | null;
  /** The amount as shown: the chosen invoices' balance until the cashier types another. */
  amount: string;
  amountTyped: boolean;
  method: DeskMethodValue;
  reference: string;
  shown: Shown;
}

/** The invoices chosen among those shown, what they owe and the amount the form stands for. */
function chosenOf(values: DeskValues) {
  const { invoices } = values.shown;
  const invoiceIds = (values.invoiceIds ?? invoices.map((invoice) => invoice.id)).filter(
    (invoiceId) => invoices.some((invoice) => invoice.id === invoiceId),
  );
  const balance = invoices
    .filter((invoice) => invoiceIds.includes(invoice.id))
    .reduce((sum, invoice) => sum + invoice.balance, 0);
  return { invoiceIds, balance, amount: readAmount(values.amount) };
}

/** The contracts' desk payment schema and payment amount rules, on the form's values. */
const deskFormSchema = paymentFormSchema<DeskValues, DeskPaymentRequest>(deskPaymentRequestSchema, {
  read: (values) => {
    const { invoiceIds, amount } = chosenOf(values);
    const reference = values.reference.trim();
    const cash = values.method === 'CASH';
    return {
      studentId: values.studentId,
      guardianId: values.guardianId,
      invoiceIds,
      amount,
      method: values.method,
      ...(cash || !reference ? {} : { reference }),
    };
  },
  amountCase: (values) => {
    const { invoiceIds, balance, amount } = chosenOf(values);
    return { amount, balance, capped: invoiceIds.length > 0 };
  },
  // The schema asks for the reference once the rest is right; said at once here.
  more: (values) =>
    values.method !== 'CASH' && !values.reference.trim()
      ? [{ code: 'custom', path: ['reference'], message: CashDeskMessages.referenceRequired }]
      : [],
});

/**
 * « Encaisser » for the chosen student: the payer (the main payer first), the invoices paid
 * (every unpaid one ticked, with what is left on each), the method and, except for cash, its
 * reference, and the amount — the chosen invoices' balance until the cashier types another
 * (a partial payment). Checked with the contracts' schema and payment amount rules before it
 * is sent; the server's refusals land on the same fields.
 */
export function DeskPaymentForm({
  student,
  canReadInvoices,
  pending,
  onSend,
}: {
  student: StudentDetail;
  canReadInvoices: boolean;
  pending: boolean;
  /** Records the payment; a refusal is thrown back to be shown here. */
  onSend: (body: DeskPaymentRequest) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const payableInvoices = usePayableInvoices(student.id, canReadInvoices);
  const inFlight = usePendingPayments(student.id);

  // An invoice a payment in flight holds is shown with it, not offered: the desk may not take it.
  const held = new Set((inFlight.data ?? []).flatMap((payment) => payment.invoiceIds));
  const invoices = {
    ...payableInvoices,
    data: payableInvoices.data?.filter((invoice) => !held.has(invoice.id)),
  } as typeof payableInvoices;
  const payable = invoices.data ?? [];
  const showInvoices = canReadInvoices && payable.length > 0;
  const shown: Shown = {
    invoices: showInvoices ? payable.map(({ id, balance }) => ({ id, balance })) : [],
  };

  const form = useSchemaForm(deskFormSchema, {
    defaultValues: {
      studentId: student.id,
      guardianId:
        (student.guardians.find((guardian) => guardian.mainPayer) ?? student.guardians[0])?.id ??
        '',
      invoiceIds: null,
      amount: '',
      amountTyped: false,
      method: 'CASH',
      reference: '',
      shown,
    },
    messages: (translate) => ({
      reference: { invalid: translate('cashDesk.pay.referenceRequired') },
    }),
  });
  // The check reads what is on screen now.
  const shownKey = JSON.stringify(shown);
  useEffect(() => form.setValue('shown', JSON.parse(shownKey) as Shown), [form, shownKey]);

  const values = { ...form.watch(), shown };
  const chosen = chosenOf(values);
  // Until the cashier types another amount, it is what the chosen invoices owe.
  const untouchedAmount = values.amountTyped
    ? null
    : chosen.balance > 0
      ? amountText(chosen.balance, language)
      : '';
  useEffect(() => {
    if (untouchedAmount !== null) form.setValue('amount', untouchedAmount);
  }, [form, untouchedAmount]);
  // Every method but cash has a reference (cheque, transfer, transaction number).
  const referenceMethod = values.method === 'CASH' ? null : values.method;
  // Registered in the page's order: the first field refused is the first focused.
  form.register('guardianId');
  form.register('reference');
  const amountField = form.register('amount', {
    onChange: () => form.setValue('amountTyped', true),
    onBlur: (event: { target: { value: string } }) => {
      if (form.getValues('amountTyped')) {
        form.setValue('amount', tidyAmountText(event.target.value));
      }
    },
  });

  return (
    <form
      noValidate
      aria-label={t('cashDesk.pay.title')}
      onSubmit={(event) => void form.submitWith(onSend, t('cashDesk.pay.failure'))(event)}
      className="space-y-5"
    >
      <FormError form={form} />
      <SelectField
        {...form.register('guardianId')}
        label={t('cashDesk.pay.payer')}
        wrapperClassName="sm:w-1/2"
        options={student.guardians.map((guardian) => ({
          value: guardian.id,
          label: guardian.mainPayer
            ? t('payments.request.mainPayer', { name: guardian.fullName })
            : guardian.fullName,
        }))}
        error={fieldError(form, 'guardianId')}
      />
      <PendingPayments payments={inFlight.data ?? []} invoices={payableInvoices.data ?? []} />
      {canReadInvoices ? (
        <InvoiceChoice
          invoices={invoices}
          selected={chosen.invoiceIds}
          onChange={(next) => {
            form.setValue('invoiceIds', next);
            form.setValue('amountTyped', false);
            form.clearErrors(['invoiceIds', 'amount']);
          }}
          error={fieldError(form, 'invoiceIds')}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('payments.request.noInvoiceAccess')}</p>
      )}
      {showInvoices ? <DeskCoupon invoices={payable} chosenIds={chosen.invoiceIds} /> : null}
      <RadioChoice
        legend={t('cashDesk.pay.method')}
        name="method"
        value={values.method}
        options={deskMethodValues.map((method) => ({
          value: method,
          label: t(`payments.wallets.${method}`),
        }))}
        onChange={(method) => {
          form.setValue('method', method);
          form.clearErrors(['method', 'reference']);
        }}
        error={fieldError(form, 'method')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {referenceMethod === null ? null : (
          <FormField
            form={form}
            name="reference"
            autoComplete="off"
            maxLength={100}
            label={t(`cashDesk.pay.reference.${referenceMethod}`)}
            hint={t('cashDesk.pay.referenceHint')}
            aria-required
          />
        )}
        <FormField
          form={form}
          {...amountField}
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          label={t('cashDesk.pay.amount')}
          hint={showInvoices ? t('cashDesk.pay.amountHint') : t('cashDesk.pay.amountHintNoInvoice')}
          aria-required
        />
      </div>
      <p
        aria-live="polite"
        className="rounded-xl bg-brand-50 px-4 py-3 text-base font-bold text-brand-950 tabular-nums"
      >
        {t('cashDesk.pay.total', {
          amount: formatMoney(amountOrZero(chosen.amount), language),
        })}
      </p>
      <FormSubmitButton
        form={form}
        size="lg"
        pending={pending}
        label={t('cashDesk.pay.submit')}
        pendingLabel={t('cashDesk.pay.submitting')}
        icon={<HandCoins aria-hidden="true" className="size-5" />}
        className="max-sm:w-full"
      />
    </form>
  );
}
