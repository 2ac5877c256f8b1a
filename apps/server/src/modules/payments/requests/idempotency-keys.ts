import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../../platform/db/database';
import { isUniqueViolation, violatedConstraint } from '../../../platform/db/errors';
import { domainError } from '../../../platform/errors';
import { findIdempotencyKey, findSchoolAttempt } from '../attempts.repository';
import type { PaymentAttemptRow } from '../payments.tables';

/**
 * `Idempotency-Key` for the requests that create a payment (a payment request, a desk payment):
 * the key is saved with the request's hash in the payment's transaction; the same key with the
 * same request answers with that payment, with another request 422.
 */

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export function checkIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw domainError('IDEMPOTENCY_KEY_INVALID');
  }
  return key;
}

/** Same key, same request: Stripe compares the parameters; we compare the parsed body. */
export function requestHash(canonical: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The payment a previous request with this key made, if any; another request's key is a 422. */
export async function findPaymentByKey(
  db: DbOrTx,
  organizationId: string,
  key: string,
  hash: string,
): Promise<PaymentAttemptRow | undefined> {
  const stored = await findIdempotencyKey(db, organizationId, key);
  if (!stored) return undefined;
  if (stored.requestHash !== hash) {
    throw domainError('IDEMPOTENCY_KEY_REUSED');
  }
  return findSchoolAttempt(db, organizationId, stored.attemptId);
}

/** The transaction lost its key to a twin sent at the same time: answer with the twin's payment. */
export function isIdempotencyKeyTaken(error: unknown): boolean {
  return (
    isUniqueViolation(error) &&
    violatedConstraint(error) === 'payment_idempotency_keys_organization_id_key_pk'
  );
}
