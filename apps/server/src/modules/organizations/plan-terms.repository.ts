import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { schoolPlanTerms, type SchoolPlanTerms } from './organizations.tables';

export async function insertPlanTerms(
  db: DbOrTx,
  values: typeof schoolPlanTerms.$inferInsert,
): Promise<SchoolPlanTerms> {
  const [row] = await db.insert(schoolPlanTerms).values(values).returning();
  if (!row) throw new Error('plan terms not inserted');
  return row;
}

/** The terms in force at `at`: the latest row that took effect at or before it. */
export async function findPlanTermsAt(
  db: DbOrTx,
  organizationId: string,
  at: Date,
): Promise<SchoolPlanTerms | undefined> {
  const [row] = await db
    .select()
    .from(schoolPlanTerms)
    .where(
      and(
        eq(schoolPlanTerms.organizationId, organizationId),
        lte(schoolPlanTerms.effectiveFrom, at),
      ),
    )
    .orderBy(desc(schoolPlanTerms.effectiveFrom), desc(schoolPlanTerms.id))
    .limit(1);
  return row;
}

/** The school's terms, newest first. */
export function listPlanTerms(db: DbOrTx, organizationId: string): Promise<SchoolPlanTerms[]> {
  return db
    .select()
    .from(schoolPlanTerms)
    .where(eq(schoolPlanTerms.organizationId, organizationId))
    .orderBy(desc(schoolPlanTerms.effectiveFrom), desc(schoolPlanTerms.id));
}
