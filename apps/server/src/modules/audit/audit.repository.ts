import { asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { auditEntries, type AuditCategory, type AuditEntry } from './audit.tables';
import { hashAuditEntry } from './audit-hash';

export interface AuditEntryInput {
  organizationId: string | null;
  actor:
    | { type: 'user'; userId: string; label: string }
    | { type: 'anonymous' | 'system'; label: string };
  action: string;
  resourceType: string;
  resourceId?: string | null;
  category: AuditCategory;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

function chainFilter(organizationId: string | null): SQL {
  return organizationId === null
    ? isNull(auditEntries.organizationId)
    : eq(auditEntries.organizationId, organizationId);
}

/**
 * Appends an entry at the end of its chain. Must run inside the mutation's transaction: the
 * advisory lock held until commit keeps two writers from chaining onto the same previous entry.
 */
export async function insertAuditEntry(
  tx: Transaction,
  input: AuditEntryInput,
): Promise<AuditEntry> {
  const [entry] = await insertAuditEntries(tx, [input]);
  if (!entry) throw new Error('audit entry not inserted');
  return entry;
}

/**
 * Appends several entries of one school's chain in order, with one lock, one read of the chain's
 * end and one insert (a batch of confirmed payments). Call it last in the transaction: the chain
 * stays locked until commit.
 */
export async function insertAuditEntries(
  tx: Transaction,
  inputs: AuditEntryInput[],
): Promise<AuditEntry[]> {
  const [first] = inputs;
  if (!first) return [];
  const organizationId = first.organizationId;
  if (inputs.some((input) => input.organizationId !== organizationId)) {
    throw new Error('audit entries of one batch belong to one chain');
  }
  const chain = `audit:${organizationId ?? 'platform'}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${chain}))`);
  const [previous] = await tx
    .select({ hash: auditEntries.hash })
    .from(auditEntries)
    .where(chainFilter(organizationId))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  let previousHash = previous?.hash ?? null;
  const rows = inputs.map((input) => {
    const fields = {
      organizationId: input.organizationId,
      actorType: input.actor.type,
      actorUserId: input.actor.type === 'user' ? input.actor.userId : null,
      actorLabel: input.actor.label,
      action: input.action,
      resourceType: input.resourceType,
      resourceId: input.resourceId ?? null,
      category: input.category,
      details: input.details ?? {},
      ip: input.ip ?? null,
      userAgent: input.userAgent ?? null,
      // Millisecond precision: what PostgreSQL stores is what the hash covered.
      createdAt: new Date(),
      previousHash,
    };
    const hash = hashAuditEntry(fields);
    previousHash = hash;
    return { ...fields, hash };
  });
  // Identity values follow the order of the VALUES list: the chain's order.
  return tx.insert(auditEntries).values(rows).returning();
}

/** Entries of one chain in order (used to verify the chain). */
export function listChain(db: DbOrTx, organizationId: string | null): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditEntries)
    .where(chainFilter(organizationId))
    .orderBy(asc(auditEntries.id));
}
