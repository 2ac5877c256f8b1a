import type { TrafficChannel } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { channelsOfAttempts } from '../../public';

/**
 * The channel each attempt's payer came through (public's page analytics: the visit that led to
 * it); attempts without a recorded visit are absent (an online payment is then `direct`, a desk
 * payment `desk`).
 */
export async function channelsOf(
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
): Promise<Map<string, TrafficChannel>> {
  if (attemptIds.length === 0) return new Map();
  return channelsOfAttempts(db, organizationId, attemptIds);
}
