import { BillingMessages } from '../billing';
import { PayerMessages } from '../payer';
import { defineError } from './define';

/** Invoices, late fees and scholarships (module `billing`). */
export const billingErrors = {
  /** 404 — no invoice with that id in the school. */
  INVOICE_NOT_FOUND: defineError(404, BillingMessages.invoiceNotFound),
  /** 404 — no line with that id on the invoice. */
  INVOICE_LINE_NOT_FOUND: defineError(404, BillingMessages.lineNotFound),
  /** 409 — a chosen invoice was paid (or voided) since the page was shown. */
  INVOICE_ALREADY_PAID: defineError(409, PayerMessages.invoiceAlreadyPaid),
  /** 409 — voiding an invoice already void. */
  INVOICE_ALREADY_VOID: defineError(409, BillingMessages.alreadyVoid),
  /** 409 — voiding an invoice that received payments. */
  INVOICE_HAS_PAYMENTS: defineError(409, BillingMessages.voidPaid),
  /** 409 — editing or issuing an invoice that is no longer a draft. */
  INVOICE_NOT_DRAFT: defineError(409, BillingMessages.notDraft),
  /** 409 — waiving a line that is not a late fee. */
  NOT_A_LATE_FEE: defineError(409, BillingMessages.notLateFee),
  /** 409 — waiving a late fee already waived. */
  LATE_FEE_ALREADY_WAIVED: defineError(409, BillingMessages.alreadyWaived),
  /** 404 — no scholarship with that id in the school. */
  SCHOLARSHIP_NOT_FOUND: defineError(404, BillingMessages.scholarshipNotFound),
  /** 409 — deciding a scholarship already decided. */
  SCHOLARSHIP_ALREADY_DECIDED: defineError(409, BillingMessages.alreadyDecided),
  /** 403 — the member who recommended a scholarship tries to grant or refuse it. */
  SCHOLARSHIP_SELF_DECISION: defineError(403, BillingMessages.selfDecision),
};
