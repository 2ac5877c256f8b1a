import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { guardians } from '../../students/students.tables';
import { paymentAttempts, paymentReviews } from '../payments.tables';
import { sameSchool } from '../../../platform/db/tenant-join';

/*
 * The review list's reads: reviews with the name of their payment's payer, joined read-only to
 * students' `guardians` (a named read, docs/architecture.md).
 */

/** Reviews with the name of the payer of their payment, when they have one. */
function reviewsWithPayer(db: DbOrTx) {
  return db
    .select({ review: paymentReviews, guardianName: guardians.fullName })
    .from(paymentReviews)
    .leftJoin(paymentAttempts, eq(paymentAttempts.id, paymentReviews.attemptId))
    .leftJoin(
      guardians,
      sameSchool(guardians, guardians.id, paymentAttempts, paymentAttempts.guardianId),
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
