import { addDays, type AccountingPeriods } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import {
  closeLedgerPeriod,
  findClosedThrough,
  findFirstEntryDate,
  findPeriodClosures,
  hasPostingsSince,
} from '../../ledger';
import { schoolToday } from '../../organizations';
import { countJournalLines } from './journal-lines.reads';
import { findCoveringExport, findRecentExports } from './journal.repository';

/** Where the books are closed, the closures (latest first) and the last exports. */
export async function listAccountingPeriods(
  db: Database,
  organizationId: string,
): Promise<AccountingPeriods> {
  const [closedThrough, closures, exports] = await Promise.all([
    findClosedThrough(db, organizationId),
    findPeriodClosures(db, organizationId),
    findRecentExports(db, organizationId),
  ]);
  return {
    closedThrough,
    closures: closures.map((closure) => ({
      id: closure.id,
      closedThrough: closure.closedThrough,
      closedAt: closure.closedAt.toISOString(),
      closedBy: closure.closedByLabel,
    })),
    exports: exports.map((row) => ({
      id: row.id,
      format: row.format as AccountingPeriods['exports'][number]['format'],
      from: row.fromDay,
      to: row.toDay,
      lines: row.lines,
      exportedAt: row.exportedAt.toISOString(),
      exportedBy: row.exportedByLabel,
    })),
  };
}

/**
 * Closes the books through `through` (« clôture »): only past days (422), never backwards (409),
 * and only once an export covers the whole period being closed with nothing posted in it since
 * (409 PERIOD_NOT_EXPORTED). From then on the ledger refuses postings dated in it (automatic
 * ones move to the first open day). Audited.
 */
export async function closeAccountingPeriod(
  db: Database,
  acting: ActingMember,
  through: string,
): Promise<AccountingPeriods> {
  const { organizationId } = acting;
  const today = await schoolToday(db, organizationId);
  if (through >= today) throw domainError('PERIOD_CLOSE_TOO_LATE', {}, { field: 'through' });
  await db.transaction(async (tx) => {
    const { previous } = await closeLedgerPeriod(
      tx,
      {
        organizationId,
        through,
        closedBy: acting.actor.type === 'user' ? acting.actor.userId : null,
        closedByLabel: acting.actor.label,
      },
      async (current) => {
        const first = await findFirstEntryDate(tx, organizationId);
        const start = current ? addDays(current, 1) : (first ?? through);
        const period = { from: start < (first ?? start) ? first! : start, to: through };
        if (period.from > through) return;
        if ((await countJournalLines(tx, organizationId, period)) === 0) return;
        const covering = await findCoveringExport(tx, organizationId, {
          from: period.from,
          through,
        });
        if (
          !covering ||
          (await hasPostingsSince(
            tx,
            organizationId,
            { from: period.from, through },
            covering.exportedAt,
          ))
        ) {
          throw domainError('PERIOD_NOT_EXPORTED');
        }
      },
    );
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'accounting.period_closed',
      resourceType: 'accounting',
      category: 'settings',
      details: { 'close jusqu’au': through, 'clôture précédente': previous ?? 'aucune' },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  return listAccountingPeriods(db, organizationId);
}
