import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { guardians } from '../../students';
import {
  paymentAttempts,
  paymentReviews,
  providerEvents,
  type PaymentReviewRow,
} from '../payments.tables';

export type NewReview = typeof paymentReviews.$inferInsert;

/** Puts an event or an attempt in front of a person; once per event (or attempt) and reason. */
export async function flagForReview(db: DbOrTx, review: NewReview): Promise<void> {
  await db.insert(paymentReviews).values(review).onConflictDoNothing();
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

/** Reviews with the name of the payer of their payment, when they have one. */
function reviewsWithPayer(db: DbOrTx) {
  return db
    .select({ review: paymentReviews, guardianName: guardians.fullName })
    .from(paymentReviews)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, paymentReviews.attemptId))
    .leftJoin(
      guardians,
      and(
        eq(guardians.organizationId, paymentAttempts.organizationId),
        eq(guardians.id, paymentAttempts.guardianId),
      ),
    );
}

export async function findReviewPage(
  db: DbOrTx,
  organizationId: string,
  query: { status: 'open' | 'resolved'; page: number; pageSize: number },
) {
  const where = and(
    eq(paymentReviews.organizationId, organizationId),
    query.status === 'open'
      ? isNull(paymentReviews.resolvedAt)
      : isNotNull(paymentReviews.resolvedAt),
  );
  const [rows, [total]] = await Promise.all([
    reviewsWithPayer(db)
      .where(where)
      .orderBy(desc(paymentReviews.createdAt), desc(paymentReviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(paymentReviews).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findReview(db: DbOrTx, organizationId: string, reviewId: string) {
  const [row] = await reviewsWithPayer(db).where(
    and(eq(paymentReviews.organizationId, organizationId), eq(paymentReviews.id, reviewId)),
  );
  return row;
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
