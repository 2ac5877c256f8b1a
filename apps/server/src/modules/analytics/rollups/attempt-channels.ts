import type { TrafficChannel } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import * as publicModule from '../../public';

type ChannelsOfAttempts = (
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
) => Promise<Map<string, TrafficChannel>>;

/**
 * The channel each attempt's payer came through (public's page analytics: the visit that led to
 * it); attempts without a recorded visit are absent. Until public's `channelsOfAttempts` exists,
 * none is known (every online payment is `direct`).
 */
export async function channelsOf(
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
): Promise<Map<string, TrafficChannel>> {
  const read = (publicModule as { channelsOfAttempts?: ChannelsOfAttempts }).channelsOfAttempts;
  if (!read || attemptIds.length === 0) return new Map();
  return read(db, organizationId, attemptIds);
}
