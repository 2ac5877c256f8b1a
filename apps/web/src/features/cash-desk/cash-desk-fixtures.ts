import type { CashSession, DeskPaymentResult, PaymentRow, StudentItem } from '@ecolage/contracts';
import { jsonResponse } from '../../test/fetch-mock';
import type { Routes } from '../../test/api-routes';
import { PARTIAL_INVOICE_ID, paymentRoutes, succeededPayment } from '../payments/payment-fixtures';
import { INVOICE_OPEN_ID, page, STUDENT, STUDENT_ID } from '../students/student-fixtures';

/** Test data of « Caisse » (tests only). */

export const CASH_URL = '/admin/caisse';
export const SESSION_ID = 'c4d5e6f7-8a9b-4c0d-8e1f-2a3b4c5d6e01';
export const RECEIPT_ID = 'd5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7f01';
export const SESSION_PAYMENTS_PATH = `/api/cash-sessions/${SESSION_ID}/payments`;

/** The cashier's session, opened at 08:00 with 25 000 FCFA, 30 000 FCFA of cash taken since. */
export function openSession(overrides: Partial<CashSession> = {}): CashSession {
  return {
    id: SESSION_ID,
    cashierUserId: '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03',
    cashierName: 'Ama Mensah',
    status: 'open',
    openedAt: '2026-11-21T08:00:00.000Z',
    closedAt: null,
    openingFloat: 25_000,
    cashTaken: 30_000,
    totalsByMethod: [
      { method: 'CASH', count: 2, amount: 30_000 },
      { method: 'CHEQUE', count: 1, amount: 50_000 },
      { method: 'BANK_TRANSFER', count: 0, amount: 0 },
    ],
    paymentCount: 3,
    expectedCash: 55_000,
    countedCash: null,
    difference: null,
    closingComment: null,
    ...overrides,
  };
}

export function closedSession(overrides: Partial<CashSession> = {}): CashSession {
  return openSession({
    status: 'closed',
    closedAt: '2026-11-21T17:30:00.000Z',
    countedCash: 53_000,
    difference: -2_000,
    closingComment: 'Monnaie rendue en trop à un parent.',
    ...overrides,
  });
}

/** The student as the search lists them. */
export const STUDENT_ITEM: StudentItem = {
  id: STUDENT_ID,
  matricule: STUDENT.matricule,
  fullName: STUDENT.fullName,
  phone: STUDENT.phone,
  email: STUDENT.email,
  birthDate: STUDENT.birthDate,
  status: STUDENT.status,
  archived: false,
  programme: STUDENT.programme,
  level: STUDENT.level,
  balance: 65_000,
  overdue: 45_000,
};

/** What the desk answers for a cheque of 65 000 FCFA: the payment and its receipt. */
export function deskResult(): DeskPaymentResult {
  return {
    payment: succeededPayment({
      wallet: 'CHEQUE',
      provider: 'desk',
      providerRef: 'CHQ-0042',
      amount: 65_000,
      payerPhone: null,
      creditAmount: 0,
      receiptId: RECEIPT_ID,
      receiptNumber: 'REC-2026-000042',
    }),
    receiptId: RECEIPT_ID,
    receiptNumber: 'REC-2026-000042',
  };
}

export const SESSION_PAYMENT: PaymentRow = {
  id: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7d01',
  createdAt: '2026-11-21T09:15:00.000Z',
  succeededAt: '2026-11-21T09:15:00.000Z',
  provider: 'desk',
  wallet: 'CASH',
  amount: 30_000,
  refundedAmount: 0,
  status: 'succeeded',
  lateSuccess: false,
  invoiceNumbers: ['ST-2026-0001'],
  students: [{ id: STUDENT_ID, name: 'Kofi Mensah', matricule: 'STU-0001' }],
  guardianName: 'Afi Mensah',
  receiptId: 'd5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7f02',
  receiptNumber: 'REC-2026-000041',
};

/** The desk with `current` open (null: none), the student's page data and their invoices. */
export function deskRoutes(current: CashSession | null, extra: Routes = {}): Routes {
  return paymentRoutes({
    'GET /api/cash-sessions/current': () => jsonResponse(200, current),
    'GET /api/cash-sessions': (request) => page(current ? [current] : [], request),
    [`GET ${SESSION_PAYMENTS_PATH}`]: (request) => page([SESSION_PAYMENT], request),
    [`GET /api/students/${STUDENT_ID}/pending-payments`]: () => jsonResponse(200, { items: [] }),
    'GET /api/students': (request) => {
      const search = (request.url.searchParams.get('search') ?? '').toLowerCase();
      return page(
        STUDENT_ITEM.fullName.toLowerCase().includes(search) ? [STUDENT_ITEM] : [],
        request,
      );
    },
    ...extra,
  });
}

/** The two unpaid invoices of the student (45 000 and 20 000 FCFA left). */
export const PAYABLE_IDS = [INVOICE_OPEN_ID, PARTIAL_INVOICE_ID];
