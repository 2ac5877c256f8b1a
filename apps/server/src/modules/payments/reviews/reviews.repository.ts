import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentReviews, providerEvents, type PaymentReviewRow } from '../payments.tables';

export type NewReview = typeof paymentReviews.$inferInsert;

/**
 * Puts an event or an attempt in front of a person; once per event (or attempt) and reason. The
 * row when this call inserted it, undefined when it was already there.
 */
export async function insertReview(
  db: DbOrTx,
  review: NewReview,
): Promise<PaymentReviewRow | undefined> {
  const [row] = await db.insert(paymentReviews).values(review).onConflictDoNothing().returning();
  return row;
}

/**
 * The first notification of success the provider sent for an attempt whose signature or token
 * proved it came from the provider: evidence that the payer paid, whatever the provider says later.
 */
export async function findSuccessNotice(db: DbOrTx, attemptId: string) {
  const [notice] = await db
    .select({
      id: providerEvents.id,
      authenticity: providerEvents.authenticity,
      eventType: providerEvents.eventType,
      receivedAt: providerEvents.receivedAt,
    })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.attemptId, attemptId),
        eq(providerEvents.hintedStatus, 'succeeded'),
        inArray(providerEvents.authenticity, ['signature_valid', 'token_matched']),
      ),
    )
    .orderBy(asc(providerEvents.receivedAt))
    .limit(1);
  return notice;
}

export async function resolveReviewRow(
  db: DbOrTx,
  reviewId: string,
  resolution: { resolvedBy: string; note: string; at: Date },
): Promise<PaymentReviewRow | undefined> {
  const [row] = await db
    .update(paymentReviews)
    .set({
      resolvedAt: resolution.at,
      resolvedBy: resolution.resolvedBy,
      resolutionNote: resolution.note,
    })
    .where(and(eq(paymentReviews.id, reviewId), isNull(paymentReviews.resolvedAt)))
    .returning();
  return row;
}
