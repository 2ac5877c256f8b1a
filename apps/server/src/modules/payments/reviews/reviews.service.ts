import type { ReviewItem } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { notFound, domainError } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import type { PaymentReviewRow } from '../payments.tables';
import { findReview, findReviewPage } from './reviews.reads';
import { resolveReviewRow } from './reviews.repository';

function reviewItem(review: PaymentReviewRow, guardianName: string | null): ReviewItem {
  return {
    id: review.id,
    reason: review.reason,
    provider: review.provider as ReviewItem['provider'],
    occurredAt: review.createdAt.toISOString(),
    paymentId: review.attemptId,
    amount: review.expectedAmount,
    reportedAmount: review.reportedAmount,
    guardianName,
    detail: review.detail,
    resolvedAt: review.resolvedAt?.toISOString() ?? null,
    resolvedBy: review.resolvedBy,
    resolutionNote: review.resolutionNote,
  };
}

/** Notifications and payments waiting for a person (unverified, mismatched, late successes). */
export async function listReviews(
  db: Database,
  organizationId: string,
  query: { status: 'open' | 'resolved'; page: number; pageSize: number },
) {
  const { rows, total } = await findReviewPage(db, organizationId, query);
  return {
    items: rows.map((row) => reviewItem(row.review, row.guardianName)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Someone checked it (with the provider, the bank statement…) and says what they found. */
export async function resolveReview(
  db: Database,
  member: ActingMember,
  reviewId: string,
  note: string,
): Promise<ReviewItem> {
  return db.transaction(async (tx) => {
    const found = await findReview(tx, member.organizationId, reviewId);
    if (!found) throw notFound('PAYMENT_EVENT_NOT_FOUND');
    const resolved = await resolveReviewRow(tx, reviewId, {
      resolvedBy: member.actor.label,
      note,
      at: new Date(),
    });
    if (!resolved) throw domainError('PAYMENT_EVENT_ALREADY_REVIEWED');
    await recordAuditEntry(tx, {
      organizationId: member.organizationId,
      actor: member.actor,
      action: 'payment.review_resolved',
      resourceType: 'payment_review',
      resourceId: reviewId,
      category: 'payment',
      details: { reason: resolved.reason, payment: resolved.attemptId, note },
      ip: member.ip,
      userAgent: member.userAgent,
    });
    return reviewItem(resolved, found.guardianName);
  });
}
