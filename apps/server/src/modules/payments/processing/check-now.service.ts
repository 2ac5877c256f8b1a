import type { Payment, PaymentOptions } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import { findStudent } from '../../students';
import { findSchoolAttempt } from '../attempts.repository';
import { checkAttempt } from './check-attempt.service';
import { describePayment, findStudentPaymentPage } from '../list/payment-view';
import type { PaymentsContext } from '../payments-context';

export function paymentOptions(context: PaymentsContext): PaymentOptions {
  return { wallets: context.providers.wallets() };
}

export async function getPayment(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<Payment> {
  const attempt = await findSchoolAttempt(db, organizationId, paymentId);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND');
  return describePayment(db, attempt);
}

/** « Vérifier maintenant »: asks the provider at once instead of waiting for the poller. */
export async function refreshPayment(
  context: PaymentsContext,
  organizationId: string,
  paymentId: string,
): Promise<Payment> {
  const attempt = await findSchoolAttempt(context.db, organizationId, paymentId);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND');
  const checked = await checkAttempt(context, attempt.id, 'refresh');
  return describePayment(context.db, checked);
}

export async function listStudentPayments(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  query: { page: number; pageSize: number },
) {
  const student = await findStudent(db, organizationId, studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  const { items, total } = await findStudentPaymentPage(db, organizationId, studentId, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}
