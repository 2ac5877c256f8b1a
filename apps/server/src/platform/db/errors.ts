/**
 * True when a query failed on a unique constraint (PostgreSQL 23505). Drizzle wraps the driver's
 * error, so the code is on the error itself or on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return (failure.cause?.code ?? failure.code) === '23505';
}
