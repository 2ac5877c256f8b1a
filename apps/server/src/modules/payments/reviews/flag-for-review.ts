import { reviewReasonLabels } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { publishEvent } from '../../../platform/outbox/outbox';
import { insertReview, type NewReview } from './reviews.repository';

/**
 * Puts an event or an attempt in front of a person (once per event, or attempt, and reason) and,
 * when the review is new and belongs to a school, publishes `payment.review_opened` (the bell's
 * « Paiement à examiner ») in the same transaction.
 */
export async function flagForReview(tx: Transaction, review: NewReview): Promise<void> {
  const row = await insertReview(tx, review);
  if (!row?.organizationId) return;
  await publishEvent(
    tx,
    'payment.review_opened',
    {
      reviewId: row.id,
      paymentId: row.attemptId,
      reason: row.reason,
      label: reviewReasonLabels[row.reason],
      openedAt: row.createdAt.toISOString(),
    },
    { organizationId: row.organizationId, aggregateId: row.attemptId ?? row.id },
  );
}
