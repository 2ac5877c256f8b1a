import { Readable } from 'node:stream';
import { addDays, type JournalExportQuery } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { tabularStream, tabularContentTypes } from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import { validateLedgerThrough } from '../../ledger';
import { findOrganizationById, schoolToday } from '../../organizations';
import { accountMapOf } from './account-mapping.service';
import {
  exportLine,
  FEC_FIELDS,
  fecLine,
  journalColumns,
  sageLine,
  toLatin1,
  type ExportLine,
} from './journal-format';
import { countJournalLines, journalLinePages } from './journal-lines.reads';
import { insertJournalExport } from './journal.repository';

/** How far past the school's today an export may end (the current year's last day and a bit). */
const LATEST_DAYS_AHEAD = 366;

export interface JournalFile {
  fileName: string;
  contentType: string;
  stream: Readable;
  lines: number;
}

/** `LYCEECOCOTIERS`: the school's slug in capitals, letters and digits only (no NIF is kept). */
function fileStem(slug: string): string {
  return slug.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'ECOLE';
}

/**
 * Exports the school's journal of [from, to]: validates (numbers) the ledger through `to`,
 * refuses an empty period (422 JOURNAL_EMPTY_PERIOD) or an end too far ahead (400), records the
 * export (who, format, period, lines) with its audit entry, then STREAMS the lines through a
 * cursor — never the whole period in memory — in the chosen profile with the school's mapping.
 */
export async function exportJournal(
  db: Database,
  acting: ActingMember,
  query: JournalExportQuery,
): Promise<JournalFile> {
  const { organizationId } = acting;
  const { format, from, to } = query;
  const today = await schoolToday(db, organizationId);
  const latest = addDays(today, LATEST_DAYS_AHEAD);
  if (to > latest) throw domainError('JOURNAL_PERIOD_INVALID', { latest }, { field: 'to' });
  await validateLedgerThrough(db, organizationId, to);
  const { chart, map } = await accountMapOf(db, organizationId);
  const school = await findOrganizationById(db, organizationId);
  const lines = await db.transaction(async (tx) => {
    const count = await countJournalLines(tx, organizationId, { from, to });
    if (count === 0) throw domainError('JOURNAL_EMPTY_PERIOD', { from, to });
    const actorId = acting.actor.type === 'user' ? acting.actor.userId : null;
    await insertJournalExport(tx, {
      organizationId,
      format,
      fromDay: from,
      toDay: to,
      lines: count,
      exportedBy: actorId,
      exportedByLabel: acting.actor.label,
    });
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'accounting.journal_exported',
      resourceType: 'accounting',
      category: 'export',
      details: { format, du: from, au: to, lignes: count, plan: chart },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return count;
  });

  async function* pages(): AsyncGenerator<ExportLine[]> {
    for await (const page of journalLinePages(db, organizationId, { from, to })) {
      yield page.map((line) => exportLine(line, map, chart));
    }
  }
  const stem = fileStem(school?.slug ?? '');
  const day = to.replaceAll('-', '');
  if (format === 'fec') {
    return {
      fileName: `${stem}FEC${day}.txt`,
      contentType: 'text/plain; charset=utf-8',
      stream: Readable.from(fecChunks(pages()), { highWaterMark: 2 }),
      lines,
    };
  }
  if (format === 'sage') {
    return {
      fileName: `${stem}SAGE${day}.txt`,
      contentType: 'text/plain; charset=windows-1252',
      stream: Readable.from(sageChunks(pages()), { highWaterMark: 2 }),
      lines,
    };
  }
  return {
    fileName: `journal-${from}-${to}.${format}`,
    contentType: tabularContentTypes[format],
    stream: tabularStream(format, {
      sheetName: 'Journal',
      columns: journalColumns,
      pages: pages(),
    }),
    lines,
  };
}

/** The FEC: header, then each line after a CRLF (no empty line at the end, as the DGFiP wants). */
async function* fecChunks(pages: AsyncIterable<ExportLine[]>): AsyncGenerator<string> {
  yield FEC_FIELDS.join('|');
  for await (const page of pages) yield page.map((line) => `\r\n${fecLine(line)}`).join('');
}

/** Sage 100: one tab-separated line per entry line, CRLF, Latin-1 (no header). */
async function* sageChunks(pages: AsyncIterable<ExportLine[]>): AsyncGenerator<Buffer> {
  for await (const page of pages)
    yield toLatin1(page.map((line) => `${sageLine(line)}\r\n`).join(''));
}
