import type { Transaction } from './database';

function pgCode(error: unknown): string | undefined {
  const failure = error as { code?: string; cause?: { code?: string } };
  return failure.cause?.code ?? failure.code;
}

/**
 * True when a query failed on a unique constraint (PostgreSQL 23505). Drizzle wraps the driver's
 * error, so the code is on the error itself or on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/**
 * True when PostgreSQL broke a deadlock (40P01) or refused a serialization (40001) by aborting this
 * transaction: run again, it will most likely pass (`retryConcurrencyFailures`).
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = pgCode(error);
  return code === '40P01' || code === '40001';
}

/** True when a row is still referenced (23503): the record is in use and must be archived. */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}

/** The constraint a database error names, if any. */
export function violatedConstraint(error: unknown): string | undefined {
  const failure = error as { constraint?: string; cause?: { constraint?: string } };
  return failure.cause?.constraint ?? failure.constraint;
}

/**
 * Runs `erase` in a savepoint of `tx`: true when the rows are gone, false when a foreign key
 * refused (something still refers to them — the caller archives instead). Other errors go on.
 */
export async function deleteUnlessReferenced(
  tx: Transaction,
  erase: (savepoint: Transaction) => Promise<unknown>,
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await erase(savepoint);
    });
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/**
 * A posting dated in a closed accounting period (the ledger's trigger raises SQLSTATE EC409 with
 * the closed day as its detail): that day, or null for any other error.
 */
export function closedPeriodRefusal(error: unknown): { closedThrough?: string } | null {
  if (pgCode(error) !== 'EC409') return null;
  const failure = error as { detail?: unknown; cause?: { detail?: unknown } };
  const detail = failure.cause?.detail ?? failure.detail;
  return typeof detail === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(detail)
    ? { closedThrough: detail }
    : {};
}
