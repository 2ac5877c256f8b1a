import type { PaymentReceipts } from '../payments';
import { findReceiptsOfPayments, findReceiptSummary } from './receipts.repository';

/** What the payment screens show of receipts (payments' port, handed over by app.ts). */
export const paymentReceipts: PaymentReceipts = { findReceiptsOfPayments, findReceiptSummary };
