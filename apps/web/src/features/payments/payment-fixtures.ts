import {
  paymentItemSchema,
  type InvoiceItem,
  type Payment,
  type PaymentItem,
  type PaymentRow,
  type PaymentTimeline,
  type Refund,
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
export const RECEIPT_ID = 'a7b8c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c01';

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

/** A row of « Paiements » (spec §3): Moov Flooz through PayGate, received, for Kofi Mensah. */
export function paymentRow(overrides: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: PAYMENT_ID,
    createdAt: '2026-11-21T14:05:00.000Z',
    succeededAt: '2026-11-21T14:06:00.000Z',
    provider: 'paygate',
    wallet: 'MOOV_TG',
    amount: 150_000,
    refundedAmount: 0,
    status: 'succeeded',
    lateSuccess: false,
    invoiceNumbers: ['ST-2026-0001'],
    students: [{ id: STUDENT_ID, name: 'Kofi Mensah', matricule: 'STU-0001' }],
    guardianName: 'Afi Mensah',
    receiptId: RECEIPT_ID,
    receiptNumber: 'REC-2026-000001',
    ...overrides,
  };
}

/**
 * `count` rows, newest first, one a day back from 21 November 2026: ids `…000`, `…001`…, and
 * amounts 10 000, 11 000… so that each row is told apart by its amount.
 */
export function paymentRows(count: number): PaymentRow[] {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 21 - index, 9, 30));
    return paymentRow({
      id: `e5f6a7b8-9c0d-4e1f-8a2b-${String(index).padStart(12, '0')}`,
      createdAt: day.toISOString(),
      amount: 10_000 + index * 1_000,
      invoiceNumbers: [`ST-2026-${String(index + 1).padStart(4, '0')}`],
    });
  });
}

/** The timeline of the received payment (succeededPayment): asked, confirmed, allocated, receipt. */
export function timelineAnswer(overrides: Partial<PaymentTimeline> = {}): PaymentTimeline {
  return {
    payment: succeededPayment({
      providerRef: 'PG-778812',
      receiptId: RECEIPT_ID,
      receiptNumber: 'REC-2026-000001',
    }),
    students: [{ id: STUDENT_ID, name: 'Kofi Mensah', matricule: 'STU-0001' }],
    transitions: [
      {
        from: null,
        to: 'pending',
        cause: 'initiation',
        providerStatus: null,
        at: '2026-11-21T14:05:00.000Z',
      },
      {
        from: 'pending',
        to: 'succeeded',
        cause: 'webhook',
        providerStatus: 'SUCCESS',
        at: '2026-11-21T14:06:00.000Z',
      },
    ],
    providerEvents: [
      {
        id: 'b8c9d0e1-2f3a-4b4c-8d5e-6f7a8b9c0d01',
        receivedAt: '2026-11-21T14:05:58.000Z',
        eventType: 'payment.success',
        hintedStatus: 'succeeded',
        authenticity: 'token_matched',
        outcome: 'applied',
      },
    ],
    refunds: [],
    receipt: {
      id: RECEIPT_ID,
      number: 'REC-2026-000001',
      issuedAt: '2026-11-21T14:06:05.000Z',
      verificationUrl: 'https://ecolage.example/verifier/Zx81kPq2Lm9T',
    },
    refundable: 70_000,
    providerRefund: 'partial',
    ...overrides,
  };
}

/** A refund as the server answers it. */
export function refundAnswer(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 'c9d0e1f2-3a4b-4c5d-8e6f-7a8b9c0d1e01',
    paymentId: PAYMENT_ID,
    amount: 20_000,
    reason: 'Frais de cantine payés deux fois',
    method: 'provider',
    status: 'pending',
    failureReason: null,
    requestedBy: 'Ama Mensah',
    createdAt: '2026-11-22T09:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/**
 * `GET /api/payments` over `rows`, filtered like the server on status and provider and paged;
 * the rest of the query is the test's to check.
 */
export function paymentRowsRoute(rows: PaymentRow[]) {
  return (request: RouteRequest) => {
    const query = request.url.searchParams;
    const status = query.get('status');
    const provider = query.get('provider');
    const kept = rows.filter(
      (row) => (!status || row.status === status) && (!provider || row.provider === provider),
    );
    return page(query.get('sort') === 'asc' ? [...kept].reverse() : kept, request);
  };
}
