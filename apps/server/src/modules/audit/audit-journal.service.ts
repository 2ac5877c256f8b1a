import { auditActionLabels, type AuditEntryItem, type AuditListQuery } from '@ecolage/contracts';
import { Readable } from 'node:stream';
import type { Database, DbOrTx } from '../../platform/db/database';
import { CSV_BOM, csvTextLine } from '../../platform/tabular-export';
import { auditCsvRow, CSV_HEADER } from './audit-csv';
import {
  countJournal,
  findJournalBatch,
  findJournalPage,
  listChains,
} from './audit-journal.repository';
import { insertAuditEntry, type AuditEntryInput } from './audit.repository';
import { verifyAuditChain, type AuditChainCheck } from './audit.service';
import type { AuditEntry } from './audit.tables';

function toItem(entry: AuditEntry): AuditEntryItem {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorLabel: entry.actorLabel,
    actorType: entry.actorType,
    action: entry.action,
    actionLabel: auditActionLabels[entry.action] ?? entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    category: entry.category,
    details: entry.details,
    ip: entry.ip,
    userAgent: entry.userAgent,
  };
}

/** A page of the school's journal with its filters. */
export async function listJournal(db: DbOrTx, organizationId: string, query: AuditListQuery) {
  const { rows, total } = await findJournalPage(
    db,
    organizationId,
    query,
    query.page,
    query.pageSize,
  );
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}

/**
 * The school's active members, beside the journal's counters. Memberships are access's, and the
 * journal knows no module: access's count is handed over by app.ts (decisions/0015).
 */
export interface JournalMembers {
  countActiveMembers(db: DbOrTx, organizationId: string): Promise<number>;
}

/** Counters of the journal screen over a period. */
export async function summarizeJournal(
  db: DbOrTx,
  members: JournalMembers,
  organizationId: string,
  period: Pick<AuditListQuery, 'from' | 'to'>,
) {
  const counts = await countJournal(db, organizationId, period);
  const activeMembers = await members.countActiveMembers(db, organizationId);
  return { ...counts, activeMembers };
}

/**
 * The journal as CSV (UTF-8 with BOM, `;`-separated), streamed in batches so that a large journal
 * never sits in memory. The export is itself journaled, before the first byte leaves.
 */
export async function exportJournal(
  db: Database,
  organizationId: string,
  filters: Omit<AuditListQuery, 'page' | 'pageSize'>,
  context: {
    actor: AuditEntryInput['actor'];
    ip: string | null;
    userAgent: string | null;
    timeZone: string;
  },
): Promise<Readable> {
  await db.transaction((tx) =>
    insertAuditEntry(tx, {
      organizationId,
      actor: context.actor,
      action: 'audit.exported',
      resourceType: 'audit_journal',
      category: 'export',
      details: Object.fromEntries(
        Object.entries(filters).filter(([, value]) => value !== undefined),
      ),
      ip: context.ip,
      userAgent: context.userAgent,
    }),
  );
  async function* lines() {
    yield CSV_BOM + csvTextLine(CSV_HEADER);
    let afterId = 0;
    for (;;) {
      const batch = await findJournalBatch(db, organizationId, filters, afterId, 500);
      if (batch.length === 0) return;
      yield batch.map((entry) => auditCsvRow(entry, context.timeZone)).join('');
      afterId = batch[batch.length - 1]?.id ?? afterId;
    }
  }
  return Readable.from(lines());
}

/** Checks every chain (the platform's and each school's); used by `npm run audit:verify`. */
export async function verifyAllChains(
  db: DbOrTx,
): Promise<{ organizationId: string | null; check: AuditChainCheck }[]> {
  const chains = await listChains(db);
  const results = [];
  for (const organizationId of chains) {
    results.push({ organizationId, check: await verifyAuditChain(db, organizationId) });
  }
  return results;
}
