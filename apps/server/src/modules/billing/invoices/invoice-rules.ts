import { allocateFrancs, percentOf } from '@ecolage/money';

/**
 * The one rounding rule of the product for a percentage of an amount: the exact value rounded
 * half up to the whole franc (`percentOfFrancs(150_005, 10)` is 15 001), computed by
 * `@ecolage/money` in exact integers. Documented in docs/decisions/0007.
 */
export function percentOfFrancs(amount: number, percent: number): number {
  return percentOf(amount, percent * 100);
}

/** The sibling discount rate of the `rank`-th enrolled child of a family (1 = eldest enrolled). */
export function siblingPercent(
  rank: number,
  rule: { enabled: boolean; secondChildPercent: number; thirdChildPercent: number },
): number {
  if (!rule.enabled || rank < 2) return 0;
  return rank === 2 ? rule.secondChildPercent : rule.thirdChildPercent;
}

/** `ST-2026-0001`: the school's gap-free invoice sequence of a calendar year. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `ST-${year}-${String(sequence).padStart(4, '0')}`;
}

/** What a discount can still take off one invoice: its tuition not yet discounted, and its balance. */
export interface DiscountableInvoice {
  tuition: number;
  balance: number;
}

/**
 * The francs a scholarship takes off each invoice of the year, never more than an invoice's
 * balance (a discount never makes an invoice negative nor refunds money already paid):
 * - `percent`: that share of each invoice's tuition;
 * - `fixed`: what is left of the amount (`value − alreadyApplied`), spread over the invoices in
 *   proportion to their tuition by largest remainders, so the parts add up exactly.
 */
export function scholarshipDiscounts(
  scholarship: { kind: 'percent' | 'fixed'; value: number },
  invoices: readonly DiscountableInvoice[],
  alreadyApplied: number,
): number[] {
  const cap = (amount: number, invoice: DiscountableInvoice) =>
    Math.max(0, Math.min(amount, invoice.balance));
  if (scholarship.kind === 'percent') {
    return invoices.map((invoice) =>
      cap(percentOfFrancs(invoice.tuition, scholarship.value), invoice),
    );
  }
  const remaining = Math.max(0, scholarship.value - alreadyApplied);
  const weights = invoices.map((invoice) =>
    Math.max(0, Math.min(invoice.tuition, invoice.balance)),
  );
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  if (remaining === 0 || weightSum === 0) return invoices.map(() => 0);
  const target = Math.min(remaining, weightSum);
  return allocateFrancs(target, weights).map((part, index) => cap(part, invoices[index]!));
}
