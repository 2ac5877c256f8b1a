import { useEffect, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, paymentRequestSchema } from '@ecolage/contracts';
import type { PaymentRequest, StudentDetail, WalletValue } from '@ecolage/contracts';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import { amountOrZero, formatMoney, readAmount, tidyAmountText } from '../../lib/amounts';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { check, focusFirstError, issuesToErrors, withoutError } from '../students/student-forms';
import type { FormErrors } from '../students/student-forms';
import { InvoiceChoice } from './invoice-choice';
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

const FIELDS = ['guardianId', 'phone', 'wallet', 'invoiceIds', 'amount'] as const;

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

/**
 * The server's refusal on the fields of a payment form (`invoiceIds.0` belongs to `invoiceIds`),
 * or null when it names none of them. Shared with the cash desk's « Encaisser ».
 */
export function paymentFieldErrors(error: unknown, fields: readonly string[]): FormErrors | null {
  if (!(error instanceof ApiClientError)) return null;
  const issues = error.issues
    .map((issue) => ({ ...issue, path: issue.path.split('.')[0] ?? '' }))
    .filter((issue) => fields.includes(issue.path));
  return issues.length > 0 ? issuesToErrors(issues) : null;
}

/**
 * The request: who pays (the main payer by default) and from which phone (theirs, editable),
 * with what (the school's wallets), for which invoices (every unpaid one ticked) and, for a
 * partial payment, how much. Checked with the contracts' schema before it is sent; the server's
 * refusals land on the same fields.
 */
export function PaymentRequestForm({
  formId,
  student,
  values,
  onChange,
  onSend,
  pending,
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
  const formRef = useRef<HTMLFormElement>(null);
  const invoices = usePayableInvoices(student.id, canReadInvoices);
  const options = usePaymentOptions();
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Back from a failed payment (« Réessayer »): the form is where to go on.
  useEffect(() => firstFieldRef.current?.focus(), [firstFieldRef]);

  const wallets = options.data?.wallets ?? [];
  const wallet = values.wallet ?? (wallets.length === 1 ? (wallets[0] ?? null) : null);
  const payable = invoices.data ?? [];
  const invoiceIds = values.invoiceIds ?? payable.map((invoice) => invoice.id);
  const chosenTotal = payable
    .filter((invoice) => invoiceIds.includes(invoice.id))
    .reduce((sum, invoice) => sum + invoice.balance, 0);
  const typedAmount = amountOrZero(readAmount(values.amount));
  const total = typedAmount > 0 ? typedAmount : chosenTotal;
  const showInvoices = canReadInvoices;

  function change(patch: Partial<RequestValues>, field: (typeof FIELDS)[number]) {
    onChange({ ...values, ...patch });
    setErrors((current) => withoutError(current, field));
  }

  function chooseGuardian(guardianId: string) {
    const guardian = student.guardians.find((item) => item.id === guardianId);
    onChange({ ...values, guardianId, phone: guardian ? formatPhone(guardian.phone) : '' });
    setErrors((current) => withoutError(withoutError(current, 'guardianId'), 'phone'));
  }

  function validate() {
    const amount = readAmount(values.amount);
    const checked = check(paymentRequestSchema, {
      guardianId: values.guardianId,
      wallet: wallet ?? undefined,
      phone: values.phone,
      invoiceIds,
      ...(amount !== undefined ? { amount } : {}),
    });
    const problems: FormErrors = { ...(checked.errors ?? {}) };
    if (!values.guardianId) problems.guardianId = t('payments.request.guardianRequired');
    if (invoiceIds.length === 0 && amount === undefined) {
      problems[showInvoices && payable.length > 0 ? 'invoiceIds' : 'amount'] = t(
        'payments.request.nothingToPay',
      );
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
    } catch (error) {
      const onFields = paymentFieldErrors(error, FIELDS);
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('payments.request.failure')));
      }
    }
  }

  return (
    <form
      id={formId}
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          ref={firstFieldRef}
          name="guardianId"
          label={t('payments.request.guardian')}
          value={values.guardianId}
          onChange={(event) => chooseGuardian(event.target.value)}
          options={student.guardians.map((guardian) => ({
            value: guardian.id,
            label: guardian.mainPayer
              ? t('payments.request.mainPayer', { name: guardian.fullName })
              : guardian.fullName,
          }))}
          error={errors.guardianId}
        />
        <InputField
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
          label={t('payments.request.phone')}
          hint={t('payments.request.phoneHint')}
          value={values.phone}
          onChange={(event) => change({ phone: event.target.value }, 'phone')}
          error={errors.phone}
        />
      </div>
      <WalletChoice
        value={wallet}
        onChange={(next) => change({ wallet: next }, 'wallet')}
        error={errors.wallet}
      />
      {showInvoices ? (
        <InvoiceChoice
          invoices={invoices}
          selected={invoiceIds}
          onChange={(next) => {
            change({ invoiceIds: next }, 'invoiceIds');
            setErrors((current) => withoutError(current, 'amount'));
          }}
          error={errors.invoiceIds}
        />
      ) : (
        <p className="text-sm text-slate-700">{t('payments.request.noInvoiceAccess')}</p>
      )}
      <InputField
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        wrapperClassName="sm:w-1/2"
        label={
          showInvoices && payable.length > 0
            ? t('payments.request.amount')
            : t('payments.request.amountRequired')
        }
        hint={showInvoices && payable.length > 0 ? t('payments.request.amountHint') : undefined}
        value={values.amount}
        onChange={(event) => change({ amount: event.target.value }, 'amount')}
        onBlur={(event) => onChange({ ...values, amount: tidyAmountText(event.target.value) })}
        error={errors.amount}
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
