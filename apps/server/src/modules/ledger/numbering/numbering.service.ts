import type { Database } from '../../../platform/db/database';
import {
  analyzeEntryNumbers,
  findSchoolsWithUnnumbered,
  lockSchoolNumbering,
  numberUnnumberedThrough,
} from './numbering.repository';

/**
 * Validates the school's ledger through `day`: every transaction dated on or before it that has
 * no entry number yet gets the next number of its journal and fiscal year (`VE2026-000001`),
 * gap-free and never reused. Idempotent (numbered ones are left alone) and safe when run twice at
 * once (the school's numbering lock). Run before each export and nightly for every school.
 */
export async function validateLedgerThrough(
  db: Database,
  organizationId: string,
  day: string,
): Promise<{ numbered: number }> {
  return db.transaction(async (tx) => {
    await lockSchoolNumbering(tx, organizationId);
    const numbered = await numberUnnumberedThrough(tx, organizationId, day);
    // Many rows at once (a first export, a big school): the planner's statistics follow.
    if (numbered >= 10_000) await analyzeEntryNumbers(tx);
    return { numbered };
  });
}

/** `VE2026-000042`: the journal, the fiscal year, the number on six digits. */
export function entryNumberText(journal: string, fiscalYear: number, number: number): string {
  return `${journal}${fiscalYear}-${String(number).padStart(6, '0')}`;
}

/** The schools whose ledger has transactions without a number (the nightly validation's list). */
export function schoolsToValidate(db: Database): Promise<string[]> {
  return findSchoolsWithUnnumbered(db);
}
