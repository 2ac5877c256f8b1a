import type { AuditListQuery } from '@ecolage/contracts';
import { and, asc, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { auditEntries, type AuditEntry } from './audit.tables';

type JournalFilters = Pick<AuditListQuery, 'category' | 'search' | 'from' | 'to'>;

function journalFilter(organizationId: string, filters: JournalFilters): SQL {
  const conditions: SQL[] = [eq(auditEntries.organizationId, organizationId)];
  if (filters.category) conditions.push(eq(auditEntries.category, filters.category));
  if (filters.from) conditions.push(gte(auditEntries.createdAt, new Date(filters.from)));
  if (filters.to) conditions.push(lt(auditEntries.createdAt, new Date(filters.to)));
  if (filters.search) {
    const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${auditEntries.actorLabel} ilike ${pattern}
      or ${auditEntries.action} ilike ${pattern}
      or ${auditEntries.resourceType} ilike ${pattern}
      or ${auditEntries.resourceId} ilike ${pattern}
      or ${auditEntries.details}::text ilike ${pattern})`);
  }
  return and(...conditions) as SQL;
}

/** One page of a school's journal, newest first, with the total for the pager. */
export async function findJournalPage(
  db: DbOrTx,
  organizationId: string,
  filters: JournalFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = journalFilter(organizationId, filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The next batch of a school's journal after `afterId`, oldest first (streamed exports). */
export function findJournalBatch(
  db: DbOrTx,
  organizationId: string,
  filters: JournalFilters,
  afterId: number,
  size: number,
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditEntries)
    .where(and(journalFilter(organizationId, filters), gt(auditEntries.id, afterId)))
    .orderBy(asc(auditEntries.id))
    .limit(size);
}

/** The journal screen's counters over a period (the active members come from access). */
export async function countJournal(
  db: DbOrTx,
  organizationId: string,
  period: Pick<AuditListQuery, 'from' | 'to'>,
) {
  const where = journalFilter(organizationId, period);
  const [row] = await db
    .select({
      actions: count(),
      exports: sql<number>`count(*) filter (where ${auditEntries.category} = 'export')::int`,
      payments: sql<number>`count(*) filter (where ${auditEntries.category} = 'payment')::int`,
    })
    .from(auditEntries)
    .where(where);
  return row ?? { actions: 0, exports: 0, payments: 0 };
}

/** Every chain that exists: the platform's (null) and each school's. */
export async function listChains(db: DbOrTx): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ organizationId: auditEntries.organizationId })
    .from(auditEntries);
  return rows.map((row) => row.organizationId);
}
