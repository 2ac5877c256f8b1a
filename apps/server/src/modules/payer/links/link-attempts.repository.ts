import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentLinkAttempts, paymentLinks, type PaymentLinkRow } from '../payer.tables';
import { sameSchool } from '../../../platform/db/tenant-join';

/** The payment was started from this link; a replay of the same form writes nothing more. */
export async function recordLinkAttempt(
  db: DbOrTx,
  row: { organizationId: string; attemptId: string; linkId: string; createdAt: Date },
): Promise<void> {
  await db.insert(paymentLinkAttempts).values(row).onConflictDoNothing();
}

/** The link a payment was started from, if it was. */
export async function findLinkOfAttempt(
  db: DbOrTx,
  organizationId: string,
  attemptId: string,
): Promise<PaymentLinkRow | undefined> {
  const [row] = await db
    .select({ link: paymentLinks })
    .from(paymentLinkAttempts)
    .innerJoin(
      paymentLinks,
      sameSchool(paymentLinks, paymentLinks.id, paymentLinkAttempts, paymentLinkAttempts.linkId),
    )
    .where(
      and(
        eq(paymentLinkAttempts.organizationId, organizationId),
        eq(paymentLinkAttempts.attemptId, attemptId),
      ),
    );
  return row?.link;
}
