import { billingSettingsSchema, onlinePaymentSettingsSchema } from '@ecolage/contracts';
import type { BillingSettings } from '@ecolage/contracts';
import { amountText, readAmount, readWhole } from '../../lib/amounts';
import type { SchemaIssue } from '../../components/ui/form-issues';
import { readFormSchema } from '../payments/payment-form-schema';

/** The billing rules as typed, shaped like the settings (numbers stay text until saved). */
export interface BillingValues {
  matriculePrefix: string;
  monthlyDueDay: string;
  siblingDiscount: { enabled: boolean; secondChildPercent: string; thirdChildPercent: string };
  lateFee: {
    enabled: boolean;
    graceDays: string;
    kind: 'fixed' | 'percent';
    value: string;
    cap: string;
  };
  onlinePayment: { partialAllowed: boolean; minimumAmount: string };
}

export function billingValues(settings: BillingSettings, language: string): BillingValues {
  const { siblingDiscount, lateFee, onlinePayment } = settings;
  return {
    matriculePrefix: settings.matriculePrefix,
    monthlyDueDay: String(settings.monthlyDueDay),
    siblingDiscount: {
      enabled: siblingDiscount.enabled,
      secondChildPercent: String(siblingDiscount.secondChildPercent),
      thirdChildPercent: String(siblingDiscount.thirdChildPercent),
    },
    lateFee: {
      enabled: lateFee.enabled,
      graceDays: String(lateFee.graceDays),
      kind: lateFee.kind,
      value: lateFee.kind === 'fixed' ? amountText(lateFee.value, language) : String(lateFee.value),
      cap: amountText(lateFee.cap, language),
    },
    onlinePayment: {
      partialAllowed: onlinePayment.partialAllowed,
      minimumAmount: amountText(onlinePayment.minimumAmount, language),
    },
  };
}

/** The settings to check: the typed numbers read. */
function readBilling(values: BillingValues) {
  const { siblingDiscount, lateFee, onlinePayment } = values;
  const minimumAmount = readAmount(onlinePayment.minimumAmount);
  return {
    matriculePrefix: values.matriculePrefix,
    monthlyDueDay: readWhole(values.monthlyDueDay),
    siblingDiscount: {
      enabled: siblingDiscount.enabled,
      secondChildPercent: readWhole(siblingDiscount.secondChildPercent),
      thirdChildPercent: readWhole(siblingDiscount.thirdChildPercent),
    },
    lateFee: {
      enabled: lateFee.enabled,
      graceDays: readWhole(lateFee.graceDays),
      kind: lateFee.kind,
      value: lateFee.kind === 'fixed' ? readAmount(lateFee.value) : readWhole(lateFee.value),
      cap: readAmount(lateFee.cap),
    },
    onlinePayment: {
      partialAllowed: onlinePayment.partialAllowed,
      // The minimum is hidden while partial payments are off: kept if valid, else 0.
      minimumAmount: onlinePayment.partialAllowed
        ? minimumAmount
        : (onlinePaymentSettingsSchema.shape.minimumAmount.safeParse(minimumAmount).data ?? 0),
    },
  };
}

/**
 * An empty number is « required », text that is not a number an « invalid format » (issues of
 * those kinds): the form says them with its own sentences, instead of the schema's.
 */
function unreadNumbers(values: BillingValues): SchemaIssue[] {
  const read = readBilling(values);
  const numbers: [string[], number | undefined][] = [
    [['monthlyDueDay'], read.monthlyDueDay],
    [['siblingDiscount', 'secondChildPercent'], read.siblingDiscount.secondChildPercent],
    [['siblingDiscount', 'thirdChildPercent'], read.siblingDiscount.thirdChildPercent],
    [['lateFee', 'graceDays'], read.lateFee.graceDays],
    [['lateFee', 'value'], read.lateFee.value],
    [['lateFee', 'cap'], read.lateFee.cap],
    [['onlinePayment', 'minimumAmount'], read.onlinePayment.minimumAmount],
  ];
  return numbers.flatMap(([path, value]): SchemaIssue[] => {
    if (value === undefined) return [{ code: 'invalid_type', path, message: '', input: '' }];
    if (Number.isNaN(value)) {
      return [{ code: 'invalid_format', format: 'number', path, message: '', input: value }];
    }
    return [];
  });
}

/** The contracts' `billingSettingsSchema` on the typed rules. */
export const billingFormSchema = readFormSchema<BillingValues, BillingSettings>(
  billingSettingsSchema,
  { read: readBilling, override: unreadNumbers },
);

/** The paths of the form's numbers, for their own sentences. */
export const NUMBER_PATHS = [
  'monthlyDueDay',
  'siblingDiscount.secondChildPercent',
  'siblingDiscount.thirdChildPercent',
  'lateFee.graceDays',
  'lateFee.value',
  'lateFee.cap',
  'onlinePayment.minimumAmount',
] as const;
