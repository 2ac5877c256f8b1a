import type { DbOrTx } from '../../../platform/db/database';

/** A payment's receipt as the payment lists show it. */
export interface PaymentReceiptRef {
  id: string;
  number: string;
}

/** A payment's receipt as its timeline shows it. */
export interface PaymentReceiptSummary extends PaymentReceiptRef {
  issuedAt: Date;
  /** The public verification page (`/verifier/<code>`), as printed on the receipt. */
  verificationUrl: string;
}

/**
 * What the payment screens show of receipts. Receipts are downstream of payments (issued when a
 * payment succeeds): payments does not know them; the receipts module implements this port and
 * the composition root (app.ts) hands it over with `usePaymentReceipts` (decisions/0015).
 */
export interface PaymentReceipts {
  /** The receipts of these payments issued so far, by payment id. */
  findReceiptsOfPayments(
    db: DbOrTx,
    organizationId: string,
    paymentIds: string[],
  ): Promise<Map<string, PaymentReceiptRef>>;
  /** The receipt of one payment, once issued. */
  findReceiptSummary(
    db: DbOrTx,
    organizationId: string,
    paymentId: string,
  ): Promise<PaymentReceiptSummary | undefined>;
}

let receipts: PaymentReceipts | undefined;

/** Called by the composition root before the payment routes answer. */
export function usePaymentReceipts(port: PaymentReceipts): void {
  receipts = port;
}

/** The receipts port; a payment screen described before the composition root handed it is a bug. */
export function paymentReceipts(): PaymentReceipts {
  if (!receipts) throw new Error('payments: no receipts port (usePaymentReceipts at start-up)');
  return receipts;
}
