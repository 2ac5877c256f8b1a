import {
  paymentItemSchema,
  type InvoiceItem,
  type Payment,
  type PaymentItem,
  type ReviewItem,
} from '@ecolage/contracts';
import type { RouteRequest, Routes } from '../../test/api-routes';
import {
  DRAFT_INVOICE,
  itemOf,
  MOTHER_ID,
  OPEN_INVOICE,
  page,
  STUDENT_ID,
  studentRoutes,
} from '../students/student-fixtures';

/** Test data of payments (tests only). */

export const PAYMENT_ID = 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01';
export const OTHER_PAYMENT_ID = 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a02';
export const REVIEW_ID = 'f6a7b8c9-0d1e-4f2a-8b3c-4d5e6f7a8b01';
export const PARTIAL_INVOICE_ID = 'a0e1f2a3-4b5c-4d6e-8f7a-8b9c0d1e2f03';

/** An invoice already paid in part: 20 000 FCFA left. */
export const PARTIAL_INVOICE: InvoiceItem = {
  ...itemOf(OPEN_INVOICE),
  id: PARTIAL_INVOICE_ID,
  number: 'ST-2026-0002',
  label: 'Scolarité novembre',
  dueOn: '2026-11-05',
  status: 'partially_paid',
  total: 50_000,
  paid: 30_000,
  balance: 20_000,
  overdue: false,
};

/** A payment as the server answers it: Mixx by Yas, waiting for the mother's PIN. */
export function paymentAnswer(overrides: Partial<Payment> = {}): Payment {
  return {
    id: PAYMENT_ID,
    status: 'pending',
    wallet: 'YAS_TG',
    provider: 'paygate',
    providerRef: null,
    amount: 65_000,
    currency: 'XOF',
    payerPhone: '+22891234567',
    guardianId: MOTHER_ID,
    guardianName: 'Afi Mensah',
    invoiceIds: [OPEN_INVOICE.id, PARTIAL_INVOICE_ID],
    failureReason: null,
    nextAction: { type: 'await_push', hint: '' },
    lateSuccess: false,
    allocations: [],
    creditAmount: 0,
    refundedAmount: 0,
    receiptId: null,
    receiptNumber: null,
    createdBy: 'Ama Mensah',
    createdAt: '2026-11-21T14:05:00.000Z',
    updatedAt: '2026-11-21T14:05:00.000Z',
    expiresAt: '2026-11-21T14:10:00.000Z',
    succeededAt: null,
    ...overrides,
  };
}

/** The same payment, received: both invoices paid, 5 000 FCFA to the family's credit. */
export function succeededPayment(overrides: Partial<Payment> = {}): Payment {
  return paymentAnswer({
    status: 'succeeded',
    amount: 70_000,
    nextAction: null,
    succeededAt: '2026-11-21T14:06:00.000Z',
    allocations: [
      {
        invoiceId: OPEN_INVOICE.id,
        invoiceNumber: 'ST-2026-0001',
        invoiceLabel: 'Scolarité octobre',
        studentId: STUDENT_ID,
        studentName: 'Kofi Mensah',
        amount: 45_000,
      },
      {
        invoiceId: PARTIAL_INVOICE_ID,
        invoiceNumber: 'ST-2026-0002',
        invoiceLabel: 'Scolarité novembre',
        studentId: STUDENT_ID,
        studentName: 'Kofi Mensah',
        amount: 20_000,
      },
    ],
    creditAmount: 5_000,
    ...overrides,
  });
}

/** A payment as the lists show it (the contract's item: the same fields, the rest left out). */
export function itemOfPayment(payment: Payment): PaymentItem {
  return paymentItemSchema.parse(payment);
}

/** The student's page with two unpaid invoices (one in part), a draft, and three wallets. */
export function paymentRoutes(extra: Routes = {}): Routes {
  const invoices = [itemOf(OPEN_INVOICE), PARTIAL_INVOICE, itemOf(DRAFT_INVOICE)];
  return studentRoutes({
    'GET /api/invoices': (request: RouteRequest) => {
      const status = request.url.searchParams.get('status');
      return page(
        invoices.filter((invoice) => !status || invoice.status === status),
        request,
      );
    },
    'GET /api/payments/options': () => ({ wallets: ['YAS_TG', 'MOOV_TG', 'CARD'] }),
    ...extra,
  });
}

export const REVIEW: ReviewItem = {
  id: REVIEW_ID,
  reason: 'amount_mismatch',
  provider: 'paygate',
  occurredAt: '2026-11-21T14:05:00.000Z',
  paymentId: PAYMENT_ID,
  amount: 45_000,
  reportedAmount: 4_500,
  guardianName: 'Afi Mensah',
  detail: null,
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
};

export const RESOLVED_REVIEW: ReviewItem = {
  ...REVIEW,
  id: 'f6a7b8c9-0d1e-4f2a-8b3c-4d5e6f7a8b02',
  reason: 'unknown_attempt',
  provider: 'fedapay',
  occurredAt: '2026-11-20T09:30:00.000Z',
  paymentId: null,
  amount: null,
  reportedAmount: 10_000,
  guardianName: null,
  resolvedAt: '2026-11-20T10:00:00.000Z',
  resolvedBy: 'Kossi Lawson',
  resolutionNote: 'Paiement test du prestataire, sans suite.',
};
