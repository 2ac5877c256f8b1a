/**
 * How a payout leaves: `manual` (the member makes the transfer at the bank and types its
 * reference on « Envoyer ») or `sandbox` (the psp-sandbox's bank-transfer API, which answers
 * processing, then paid or failed). Chosen by PAYOUT_RAIL (manual by default).
 */
export interface PayoutTransferOrder {
  /** Our payout's id: the rail's idempotency key (a send repeated gives the same transfer). */
  payoutId: string;
  reference: string;
  amount: number;
  bankName: string | null;
  accountHolder: string | null;
  /** RIB or IBAN, in full (the bank needs it; never logged nor stored in the payout). */
  account: string;
}

export type RailTransferStatus = 'processing' | 'paid' | 'failed';

export interface PayoutRail {
  name: 'manual' | 'sandbox';
  /** True when the member gives the transfer id (manual); else the rail gives it. */
  needsTransferId: boolean;
  send(order: PayoutTransferOrder, typedTransferId?: string): Promise<{ transferId: string }>;
  /** Where the transfer stands; null for a rail that never tells (manual). */
  status(transferId: string): Promise<{ status: RailTransferStatus; reason?: string } | null>;
}

/** Thrown when the rail refused or did not answer: nothing was sent. */
export class PayoutRailError extends Error {}
