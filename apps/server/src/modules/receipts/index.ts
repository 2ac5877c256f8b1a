/**
 * Receipts: one per succeeded payment, numbered `REC-YYYY-NNNNNN` without gaps per school and year,
 * its content frozen at issue, rendered as a PDF (A4 or 80 mm) and verifiable on a public page.
 */
export {
  findReceiptsOfPayments,
  findReceiptSummary,
  type ReceiptRef,
  type ReceiptSummary,
} from './receipts.repository';
export type { ReceiptContent } from './receipt-content';
export {
  issueReceipt,
  markReceiptRefunded,
  type IssueOptions,
  type ReceiptPaymentFacts,
} from './issue-receipt.service';
export type { ReceiptRow } from './receipts.tables';
export { receiptEventHandlers, receiptRefundSubscriber } from './receipt-outbox';
export { receiptsRoutes } from './receipts.routes';
export { paymentReceipts } from './payment-receipts';
export { renderReceiptPdf } from './receipt-pdf';
export { schoolInitials } from './receipt-view';
export { searchReceiptsByNumber } from './receipt-search.repository';
