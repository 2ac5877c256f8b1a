import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { billingSettings, type BillingSettingsRow } from '../billing.tables';

/** The school's saved billing rules (none until it saves its own). */
export async function findBillingSettingsRow(
  db: DbOrTx,
  organizationId: string,
): Promise<BillingSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSettings)
    .where(eq(billingSettings.organizationId, organizationId));
  return row;
}

/** Writes the school's billing rules (first save or change). */
export async function saveBillingSettingsRow(
  db: DbOrTx,
  organizationId: string,
  values: Omit<typeof billingSettings.$inferInsert, 'organizationId'>,
): Promise<void> {
  await db
    .insert(billingSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: billingSettings.organizationId, set: values });
}

/** Schools whose late-fee rule is on: the daily job visits only them. */
export async function findSchoolsWithLateFees(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ organizationId: billingSettings.organizationId })
    .from(billingSettings)
    .where(eq(billingSettings.lateFeeEnabled, true));
  return rows.map((row) => row.organizationId);
}
