import type { DbOrTx } from '../../platform/db/database';
import { listChain } from './audit.repository';
import { hashAuditEntry } from './audit-hash';

export type AuditChainCheck =
  { valid: true; entries: number } | { valid: false; brokenAtId: number };

/**
 * Recomputes every hash of a chain (a school's, or the platform's with `null`); the first entry
 * whose content or link does not match is where the journal was tampered with.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  organizationId: string | null,
): Promise<AuditChainCheck> {
  const entries = await listChain(db, organizationId);
  let previousHash: string | null = null;
  for (const entry of entries) {
    const expected = hashAuditEntry({ ...entry, previousHash });
    if (entry.previousHash !== previousHash || entry.hash !== expected) {
      return { valid: false, brokenAtId: entry.id };
    }
    previousHash = entry.hash;
  }
  return { valid: true, entries: entries.length };
}
