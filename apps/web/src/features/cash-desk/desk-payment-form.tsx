import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins } from 'lucide-react';
import { deskMethodValues, deskPaymentRequestSchema } from '@ecolage/contracts';
import type { DeskMethodValue, DeskPaymentRequest, StudentDetail } from '@ecolage/contracts';
import { SubmitButton } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import {
  amountOrZero,
  amountText,
  formatMoney,
  readAmount,
  tidyAmountText,
} from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { InvoiceChoice } from '../payments/invoice-choice';
import { paymentFieldErrors } from '../payments/payment-request-form';
import { usePayableInvoices } from '../payments/payments.api';
import { usePendingPayments } from './cash-desk.api';
import { PendingPayments } from './pending-payments';
import { check, focusFirstError, withoutError } from '../students/student-forms';
import type { FormErrors } from '../students/student-forms';
import { RadioChoice } from '../students/student-ui';

const FIELDS = ['guardianId', 'invoiceIds', 'amount', 'method', 'reference'] as const;
type Field = (typeof FIELDS)[number];

/** What the form holds. */
interface DeskValues {
  guardianId: string;
  /** null: untouched, every unpaid invoice. */
  invoiceIds: string[] | null;
  /** null: untouched, the chosen invoices' balance. */
  amount: string | null;
  method: DeskMethodValue;
  reference: string;
}

function initialValues(student: StudentDetail): DeskValues {
  const payer = student.guardians.find((guardian) => guardian.mainPayer) ?? student.guardians[0];
  return {
    guardianId: payer?.id ?? '',
    invoiceIds: null,
    amount: null,
    method: 'CASH',
    reference: '',
  };
}

/**
 * « Encaisser » for the chosen student: the payer (the main payer first), the invoices paid
 * (every unpaid one ticked, with what is left on each), the method and, except for cash, its
 * reference, and the amount — the chosen invoices' balance until the cashier types another
 * (a partial payment). Checked with the contracts' schema before it is sent; the server's
 * refusals land on the same fields.
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
  const formRef = useRef<HTMLFormElement>(null);
  const payableInvoices = usePayableInvoices(student.id, canReadInvoices);
  const inFlight = usePendingPayments(student.id);
  const [values, setValues] = useState<DeskValues>(() => initialValues(student));
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // An invoice a payment in flight holds is shown with it, not offered: the desk may not take it.
  const held = new Set((inFlight.data ?? []).flatMap((payment) => payment.invoiceIds));
  const invoices = {
    ...payableInvoices,
    data: payableInvoices.data?.filter((invoice) => !held.has(invoice.id)),
  } as typeof payableInvoices;
  const payable = invoices.data ?? [];
  const showInvoices = canReadInvoices && payable.length > 0;
  const invoiceIds = showInvoices
    ? (values.invoiceIds ?? payable.map((invoice) => invoice.id)).filter((invoiceId) =>
        payable.some((invoice) => invoice.id === invoiceId),
      )
    : [];
  const chosenTotal = payable
    .filter((invoice) => invoiceIds.includes(invoice.id))
    .reduce((sum, invoice) => sum + invoice.balance, 0);
  const amountShown = values.amount ?? (chosenTotal > 0 ? amountText(chosenTotal, language) : '');
  const amount = readAmount(amountShown);
  const cash = values.method === 'CASH';
  // Every method but cash has a reference (cheque, transfer, transaction number).
  const referenceMethod = values.method === 'CASH' ? null : values.method;

  function change(patch: Partial<DeskValues>, ...fields: Field[]) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => fields.reduce(withoutError, current));
  }

  function validate() {
    const reference = values.reference.trim();
    const checked = check(deskPaymentRequestSchema, {
      studentId: student.id,
      guardianId: values.guardianId,
      invoiceIds,
      amount,
      method: values.method,
      ...(cash || !reference ? {} : { reference }),
    });
    const problems: FormErrors = { ...(checked.errors ?? {}) };
    // The schema checks the reference once the rest is right; said at once here.
    if (!cash && !reference) problems.reference = t('cashDesk.pay.referenceRequired');
    if (amount === undefined && invoiceIds.length === 0) {
      problems.amount = t('payments.request.nothingToPay');
    } else if (
      !problems.amount &&
      amount !== undefined &&
      invoiceIds.length > 0 &&
      amount > chosenTotal
    ) {
      problems.amount = t('payments.request.amountAboveBalance');
    }
    const clean = Object.keys(problems).length === 0;
    return { body: clean ? checked.data : null, problems };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { body, problems } = validate();
    setErrors(problems);
    if (!body) {
      focusFirstError(formRef.current, problems);
      return;
    }
    setFormError(null);
    try {
      await onSend(body);
    } catch (failure) {
      const onFields = paymentFieldErrors(failure, FIELDS);
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(failure, t, t('cashDesk.pay.failure')));
      }
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t('cashDesk.pay.title')}
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      <FormAlert>{formError}</FormAlert>
      <SelectField
        name="guardianId"
        label={t('cashDesk.pay.payer')}
        wrapperClassName="sm:w-1/2"
        value={values.guardianId}
        onChange={(event) => change({ guardianId: event.target.value }, 'guardianId')}
        options={student.guardians.map((guardian) => ({
          value: guardian.id,
          label: guardian.mainPayer
            ? t('payments.request.mainPayer', { name: guardian.fullName })
            : guardian.fullName,
        }))}
        error={errors.guardianId}
      />
      <PendingPayments payments={inFlight.data ?? []} invoices={payableInvoices.data ?? []} />
      {canReadInvoices ? (
        <InvoiceChoice
          invoices={invoices}
          selected={invoiceIds}
          onChange={(next) => change({ invoiceIds: next, amount: null }, 'invoiceIds', 'amount')}
          error={errors.invoiceIds}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('payments.request.noInvoiceAccess')}</p>
      )}
      <RadioChoice
        legend={t('cashDesk.pay.method')}
        name="method"
        value={values.method}
        options={deskMethodValues.map((method) => ({
          value: method,
          label: t(`payments.wallets.${method}`),
        }))}
        onChange={(method) => change({ method }, 'method', 'reference')}
        error={errors.method}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {referenceMethod === null ? null : (
          <InputField
            name="reference"
            autoComplete="off"
            maxLength={100}
            label={t(`cashDesk.pay.reference.${referenceMethod}`)}
            hint={t('cashDesk.pay.referenceHint')}
            aria-required
            value={values.reference}
            onChange={(event) => change({ reference: event.target.value }, 'reference')}
            error={errors.reference}
          />
        )}
        <InputField
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          label={t('cashDesk.pay.amount')}
          hint={showInvoices ? t('cashDesk.pay.amountHint') : t('cashDesk.pay.amountHintNoInvoice')}
          aria-required
          value={amountShown}
          onChange={(event) => change({ amount: event.target.value }, 'amount')}
          onBlur={(event) => {
            if (values.amount !== null) change({ amount: tidyAmountText(event.target.value) });
          }}
          error={errors.amount}
        />
      </div>
      <p
        aria-live="polite"
        className="rounded-xl bg-brand-50 px-4 py-3 text-base font-bold text-brand-950 tabular-nums"
      >
        {t('cashDesk.pay.total', {
          amount: formatMoney(amountOrZero(amount), language),
        })}
      </p>
      <SubmitButton
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
