import type { PaymentChannelValue, PaymentMethodValue } from '@ecolage/contracts';

/**
 * What a receipt says, frozen when it is issued: the PDF is drawn from this alone (plus the live
 * refund state), so a receipt downloaded a year later is the same paper.
 */
export interface ReceiptContent {
  school: {
    name: string;
    /** « 12 rue des Écoles, Tokoin, Lomé »: the address and the city. */
    address: string | null;
    /** E.164, printed in the national format of the school's country. */
    phone: string | null;
    email: string | null;
    /** ISO country (`TG`); absent from receipts issued before it was kept (read as Togo). */
    country?: string;
    /**
     * A logo frozen as a data URL (PNG or JPEG): never written since the school's live logo is
     * drawn instead (looked up when the receipt is drawn); null.
     */
    logo: string | null;
    /** The school's main colour at issue (`#484D9B`), drawn when it has no colour today. */
    brandColor: string | null;
  };
  number: string;
  /** ISO date-time of issue; shown in the school's time zone. */
  issuedAt: string;
  timeZone: string;
  /** ISO date-time the money was received (the provider's confirmation, or the desk). */
  paidAt: string;
  payer: { name: string; phone: string | null };
  students: {
    id: string;
    name: string;
    matricule: string;
    programme: string | null;
    level: string | null;
  }[];
  /** The invoice lines the payment settled (per invoice: number, label, amount applied). */
  invoices: {
    number: string | null;
    label: string;
    studentName: string;
    amountApplied: number;
    lines: { label: string; amount: number }[];
  }[];
  /** Left as the family's credit (overpayment). */
  creditAmount: number;
  amount: number;
  /** « cinquante mille francs CFA » */
  amountInWords: string;
  method: PaymentMethodValue;
  provider: PaymentChannelValue;
  providerRef: string | null;
  /** What the students still owe after this payment (all their open invoices). */
  remainingBalance: number;
  /** The cashier, for a payment taken at the desk. */
  cashierName: string | null;
  verificationUrl: string;
}
