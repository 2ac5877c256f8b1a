import type { Database, Transaction } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { schoolToday } from '../../organizations';
import type { IssueEnrolmentInvoices } from '../billing.port';
import { findLevelsAndYears } from './import-lookups.reads';
import { advanceMatriculeSequence, findNumbering } from '../matricules.repository';
import {
  addCounts,
  applyBatch,
  noCounts,
  type ApplyContext,
  type ImportCounts,
} from './apply-batch';
import {
  chunksOf,
  findImportRows,
  refreshImportStatistics,
  updateImport,
} from './import.repository';
import type { CheckedRow } from './validate-rows';

type ImportMode = 'all_or_nothing' | 'skip_invalid';

/** Lines per transaction in « ignorer les lignes en erreur » (and per progress step). */
export const BATCH_SIZE = 500;
/** The first batch is small: its foreign-key checks run before the statistics are refreshed. */
const FIRST_BATCH_SIZE = 100;

const modeLabels: Record<ImportMode, string> = {
  all_or_nothing: 'tout ou rien',
  skip_invalid: 'ignorer les lignes en erreur',
};

/** The highest number of the school's `PREFIX-NNN` pattern among the file's matricules. */
export function highestSequenceNumber(rows: CheckedRow[], prefix: string): number {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d{1,9})$`);
  let highest = 0;
  for (const row of rows) {
    const match = row.matricule ? pattern.exec(row.matricule) : null;
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

async function applyContext(
  db: Database,
  acting: ActingMember,
  fileName: string,
  rows: CheckedRow[],
  mode: ImportMode,
  issueInvoices: IssueEnrolmentInvoices,
): Promise<ApplyContext> {
  const { organizationId } = acting;
  const levelIds = [...new Set(rows.flatMap((row) => (row.levelId ? [row.levelId] : [])))];
  const yearIds = [...new Set(rows.flatMap((row) => (row.yearId ? [row.yearId] : [])))];
  const [found, today] = await Promise.all([
    findLevelsAndYears(db, organizationId, levelIds, yearIds),
    schoolToday(db, organizationId),
  ]);
  return {
    acting,
    fileName,
    today,
    levels: new Map(found.levels.map((level) => [level.id, level])),
    years: new Map(found.years.map((year) => [year.id, year])),
    onConflict: mode === 'all_or_nothing' ? 'fail' : 'skip',
    issueInvoices,
  };
}

function auditImport(
  tx: Transaction,
  acting: ActingMember,
  importId: string,
  summary: { fileName: string; mode: ImportMode; counts: ImportCounts },
) {
  const { counts } = summary;
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action: 'students.imported',
    resourceType: 'student_import',
    resourceId: importId,
    category: 'student',
    details: {
      fichier: summary.fileName,
      mode: modeLabels[summary.mode],
      créés: counts.created,
      'mis à jour': counts.updated,
      ignorés: counts.skipped,
      inscriptions: counts.enrolled,
      factures: counts.invoicesIssued,
    },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

function failureMessage(error: unknown, mode: ImportMode, saved: number): string {
  if (mode === 'all_or_nothing') {
    const reason = error instanceof AppError ? `${error.message} ` : 'L’import a échoué. ';
    return `${reason}Aucune ligne n’a été enregistrée.`;
  }
  return `L’import s’est arrêté sur une erreur après ${saved} ligne(s) enregistrée(s). Relancez un import avec les lignes restantes ; si le problème persiste, contactez le support.`;
}

/**
 * Applies the valid lines of a running import. All or nothing: one transaction for everything.
 * Skip invalid: one transaction per batch of lines. The progress (`processed_rows`) is written
 * through the pool after each batch, outside the data transaction, so the wizard sees it move;
 * the final status is written with the audit entry in the (last) data transaction.
 */
export async function runImport(
  db: Database,
  acting: ActingMember,
  importId: string,
  mode: ImportMode,
  start: { processedRows: number; skipped: number },
  issueInvoices: IssueEnrolmentInvoices,
): Promise<void> {
  const { organizationId } = acting;
  let counts: ImportCounts = { ...noCounts(), skipped: start.skipped };
  let processed = start.processedRows;
  try {
    const stored = await findImportRows(db, organizationId, importId);
    if (!stored) return;
    const rows = stored.rows.filter((row) => row.valid);
    const { fileName } = stored;
    const context = await applyContext(db, acting, fileName, rows, mode, issueInvoices);
    const { prefix } = await findNumbering(db, organizationId);
    // Imported `STU-123` must never be generated again: move the sequence past them first.
    const highest = highestSequenceNumber(rows, prefix);
    const prepare = async (tx: Transaction) => {
      if (highest > 0) await advanceMatriculeSequence(tx, organizationId, highest);
    };
    const finish = async (tx: Transaction, total: ImportCounts, processedRows: number) => {
      await auditImport(tx, acting, importId, { fileName, mode, counts: total });
      await updateImport(tx, organizationId, importId, {
        status: 'done',
        processedRows,
        ...total,
        finishedAt: new Date(),
      });
    };
    const batches = [
      rows.slice(0, FIRST_BATCH_SIZE),
      ...chunksOf(rows.slice(FIRST_BATCH_SIZE), BATCH_SIZE),
    ].filter((batch) => batch.length > 0);

    if (mode === 'all_or_nothing') {
      await db.transaction(async (tx) => {
        await prepare(tx);
        let total = counts;
        for (const [index, batch] of batches.entries()) {
          total = addCounts(total, await applyBatch(tx, context, batch));
          if (index === 0) await refreshImportStatistics(tx);
          processed += batch.length;
          await updateImport(db, organizationId, importId, { processedRows: processed });
        }
        await finish(tx, total, processed);
      });
      return;
    }
    for (const [index, batch] of batches.entries()) {
      const last = index === batches.length - 1;
      counts = await db.transaction(async (tx) => {
        if (index === 0) await prepare(tx);
        const total = addCounts(counts, await applyBatch(tx, context, batch));
        if (index === 0) await refreshImportStatistics(tx);
        if (last) await finish(tx, total, processed + batch.length);
        return total;
      });
      processed += batch.length;
      if (!last) {
        await updateImport(db, organizationId, importId, { processedRows: processed, ...counts });
      }
    }
  } catch (error) {
    const saved = counts.created + counts.updated;
    await updateImport(db, organizationId, importId, {
      status: 'failed',
      error: failureMessage(error, mode, saved),
      ...(mode === 'all_or_nothing' ? noCounts() : counts),
      finishedAt: new Date(),
    });
    if (!(error instanceof AppError)) throw error;
  }
}
