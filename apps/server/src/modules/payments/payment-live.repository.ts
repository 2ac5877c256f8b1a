import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentStatusValue } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { notifyLiveMany } from '../../platform/live';
import { studentLiveTopic } from '../students';
import { paymentAttemptInvoices } from './payments.tables';

/** States still in flight: the screens wait for the next one and are told nothing yet. */
const IN_FLIGHT: readonly string[] = [
  'initiated',
  'pending',
  'unknown',
] satisfies PaymentStatusValue[];

/** The live topic of one payment (the payer's waiting screen listens to it). */
export function paymentLiveTopic(paymentId: string): string {
  return `payment:${paymentId}`;
}

/**
 * Tells the screens following these payments that they ended (succeeded, failed, expired,
 * cancelled) or that a refund moved them: `payment:<id>` with `{ state }`, and the page of each
 * student of their invoices (`student:<school>:<student>`, `{ paymentId, state }`). Sent at the
 * commit of the transition's transaction, never if it rolls back; one statement for a batch.
 */
export async function announcePaymentStates(
  db: DbOrTx,
  transitions: readonly { organizationId: string; attemptId: string; toStatus: string }[],
): Promise<void> {
  const ended = transitions.filter((transition) => !IN_FLIGHT.includes(transition.toStatus));
  if (ended.length === 0) return;
  const messages: { topic: string; data: Record<string, unknown> }[] = [];
  for (const { attemptId, toStatus } of ended) {
    messages.push({ topic: paymentLiveTopic(attemptId), data: { state: toStatus } });
  }
  const bySchool = new Map<string, string[]>();
  for (const { organizationId, attemptId } of ended) {
    bySchool.set(organizationId, [...(bySchool.get(organizationId) ?? []), attemptId]);
  }
  const stateOf = new Map(ended.map((transition) => [transition.attemptId, transition.toStatus]));
  for (const [organizationId, attemptIds] of bySchool) {
    const rows = await db
      .selectDistinct({
        attemptId: paymentAttemptInvoices.attemptId,
        studentId: paymentAttemptInvoices.studentId,
      })
      .from(paymentAttemptInvoices)
      .where(
        and(
          eq(paymentAttemptInvoices.organizationId, organizationId),
          inArray(paymentAttemptInvoices.attemptId, attemptIds),
        ),
      );
    for (const { attemptId, studentId } of rows) {
      messages.push({
        topic: studentLiveTopic(organizationId, studentId),
        data: { paymentId: attemptId, state: stateOf.get(attemptId) },
      });
    }
  }
  await notifyLiveMany(db, messages);
}
