import { CashDeskMessages } from '../cash-desk';
import { defineError } from './define';

/** Cash sessions and payments taken at the desk (modules `cash-desk`, `payments/desk`). */
export const cashDeskErrors = {
  /** 404 — no cash session with that id the member may see. */
  CASH_SESSION_NOT_FOUND: defineError(404, CashDeskMessages.sessionNotFound),
  /** 409 — opening a cash session while one's own is open. */
  CASH_SESSION_ALREADY_OPEN: defineError(409, CashDeskMessages.sessionAlreadyOpen),
  /** 409 — taking a payment in a closed cash session. */
  CASH_SESSION_CLOSED: defineError(409, CashDeskMessages.sessionClosed),
  /** 409 — closing a cash session already closed. */
  CASH_SESSION_ALREADY_CLOSED: defineError(409, CashDeskMessages.sessionAlreadyClosed),
  /** 403 — taking a payment in another cashier's session. */
  NOT_YOUR_CASH_SESSION: defineError(403, CashDeskMessages.notYourSession),
  /** 403 — closing another cashier's session. */
  ONLY_CASHIER_CLOSES: defineError(403, CashDeskMessages.onlyCashierCloses),
  /** 400 — closing with a difference between expected and counted cash, without a comment. */
  CASH_DIFFERENCE_NEEDS_COMMENT: defineError(400, CashDeskMessages.differenceNeedsComment),
  /** 400 — a desk payment by a guardian not linked to the student. */
  GUARDIAN_NOT_LINKED: defineError(400, CashDeskMessages.guardianNotLinked),
  /** 400 — a desk payment for a student without any guardian. */
  STUDENT_HAS_NO_PAYER: defineError(400, CashDeskMessages.noPayer),
  /** 400 — a desk payment naming an invoice of another student. */
  INVOICE_OF_ANOTHER_STUDENT: defineError(400, CashDeskMessages.invoiceOfAnotherStudent),
  /** 400 — a desk payment for a student with nothing to pay. */
  NOTHING_DUE: defineError(400, CashDeskMessages.nothingDue),
  /** 409 — a desk payment on an invoice awaiting a mobile-money payment. */
  INVOICE_AWAITS_PAYMENT: defineError(409, CashDeskMessages.invoiceAwaitsPayment),
};
