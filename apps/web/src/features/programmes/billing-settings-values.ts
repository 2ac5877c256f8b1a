import { billingSettingsSchema, onlinePaymentSettingsSchema } from '@ecolage/contracts';
import type { BillingSettings } from '@ecolage/contracts';
import { amountText, readAmount, readWhole } from '../../lib/amounts';
import { errorsOf } from './form-errors';

/** The billing rules as typed: numbers stay text until saved. */
export interface BillingValues {
  matriculePrefix: string;
  monthlyDueDay: string;
  siblingEnabled: boolean;
  secondChildPercent: string;
  thirdChildPercent: string;
  lateFeeEnabled: boolean;
  graceDays: string;
  lateFeeKind: 'fixed' | 'percent';
  lateFeeValue: string;
  lateFeeCap: string;
  partialAllowed: boolean;
  minimumAmount: string;
}

export function billingValues(settings: BillingSettings, language: string): BillingValues {
  const { siblingDiscount, lateFee, onlinePayment } = settings;
  return {
    matriculePrefix: settings.matriculePrefix,
    monthlyDueDay: String(settings.monthlyDueDay),
    siblingEnabled: siblingDiscount.enabled,
    secondChildPercent: String(siblingDiscount.secondChildPercent),
    thirdChildPercent: String(siblingDiscount.thirdChildPercent),
    lateFeeEnabled: lateFee.enabled,
    graceDays: String(lateFee.graceDays),
    lateFeeKind: lateFee.kind,
    lateFeeValue:
      lateFee.kind === 'fixed' ? amountText(lateFee.value, language) : String(lateFee.value),
    lateFeeCap: amountText(lateFee.cap, language),
    partialAllowed: onlinePayment.partialAllowed,
    minimumAmount: amountText(onlinePayment.minimumAmount, language),
  };
}

/** The paths of the form's fields, as the server names them in its `issues`. */
export const BILLING_FIELDS = [
  'matriculePrefix',
  'monthlyDueDay',
  'siblingDiscount.enabled',
  'siblingDiscount.secondChildPercent',
  'siblingDiscount.thirdChildPercent',
  'lateFee.enabled',
  'lateFee.graceDays',
  'lateFee.kind',
  'lateFee.value',
  'lateFee.cap',
  'onlinePayment.partialAllowed',
  'onlinePayment.minimumAmount',
] as const;

/**
 * The rules to save, checked by the contracts' `billingSettingsSchema` (its French messages),
 * or the errors by field path. An empty number gets `messages.required`, text that is not a
 * number `messages.notANumber`.
 */
export function checkBilling(
  values: BillingValues,
  messages: { required: string; notANumber: string },
):
  { settings: BillingSettings; errors: null } | { settings: null; errors: Record<string, string> } {
  const minimumAmount = readAmount(values.minimumAmount);
  const candidate = {
    matriculePrefix: values.matriculePrefix,
    monthlyDueDay: readWhole(values.monthlyDueDay),
    siblingDiscount: {
      enabled: values.siblingEnabled,
      secondChildPercent: readWhole(values.secondChildPercent),
      thirdChildPercent: readWhole(values.thirdChildPercent),
    },
    lateFee: {
      enabled: values.lateFeeEnabled,
      graceDays: readWhole(values.graceDays),
      kind: values.lateFeeKind,
      value:
        values.lateFeeKind === 'fixed'
          ? readAmount(values.lateFeeValue)
          : readWhole(values.lateFeeValue),
      cap: readAmount(values.lateFeeCap),
    },
    onlinePayment: {
      partialAllowed: values.partialAllowed,
      // The minimum is hidden while partial payments are off: kept if valid, else 0.
      minimumAmount: values.partialAllowed
        ? minimumAmount
        : (onlinePaymentSettingsSchema.shape.minimumAmount.safeParse(minimumAmount).data ?? 0),
    },
  };
  const missing: Record<string, string> = {};
  const numbers: [string, number | undefined][] = [
    ['monthlyDueDay', candidate.monthlyDueDay],
    ['siblingDiscount.secondChildPercent', candidate.siblingDiscount.secondChildPercent],
    ['siblingDiscount.thirdChildPercent', candidate.siblingDiscount.thirdChildPercent],
    ['lateFee.graceDays', candidate.lateFee.graceDays],
    ['lateFee.value', candidate.lateFee.value],
    ['lateFee.cap', candidate.lateFee.cap],
    ['onlinePayment.minimumAmount', candidate.onlinePayment.minimumAmount],
  ];
  for (const [path, value] of numbers) {
    if (value === undefined) missing[path] = messages.required;
    else if (Number.isNaN(value)) missing[path] = messages.notANumber;
  }
  const parsed = billingSettingsSchema.safeParse(candidate);
  if (parsed.success && Object.keys(missing).length === 0) {
    return { settings: parsed.data, errors: null };
  }
  return {
    settings: null,
    errors: { ...(parsed.success ? {} : errorsOf(parsed.error.issues)), ...missing },
  };
}
