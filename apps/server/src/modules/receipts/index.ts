export { findReceiptsOfPayments, type ReceiptRef } from './receipts.repository';
export type { ReceiptContent } from './receipt-content';
