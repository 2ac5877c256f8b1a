import {
  accountingReportTitles,
  isAccountingReport,
  type AccountingReport,
  type AccountingReportFormat,
} from '@ecolage/contracts';
import sharp from 'sharp';
import type { Readable } from 'node:stream';
import { addDays, dayIn, startOfSchoolDay } from '../../../platform/clock';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/storage';
import type { ActingMember } from '../../../platform/http/acting-member';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { recordAuditEntry } from '../../audit';
import { findOrganizationById, readSchoolLogoPng } from '../../organizations';
import { balanceAgeeColumns, balanceAgeeLines } from './balance-agee.report';
import { encaissementsColumns, encaissementsLines } from './encaissements.report';
import { grandLivreColumns, grandLivreLines, grandLivreStudents } from './grand-livre.report';
import {
  frenchDay,
  inOneBatch,
  type ReportColumn,
  type ReportDocument,
  type ReportLine,
  type ReportSchool,
} from './report-document';
import { renderReportPdf } from './report-pdf';
import { reportXlsxStream } from './report-xlsx';
import { virementsColumns, virementsLines } from './virements.report';

export interface ReportRequest {
  format: AccountingReportFormat;
  from?: string | undefined;
  to?: string | undefined;
  studentId?: string | undefined;
}

export type ReportFile =
  | { format: 'pdf'; fileName: string; body: Buffer }
  | { format: 'xlsx'; fileName: string; body: Readable };

/** The logo on white (paper has no transparency to show), at most 256 px; null when unreadable. */
async function paperLogo(png: Buffer | null): Promise<Buffer | null> {
  if (!png) return null;
  return sharp(png, { limitInputPixels: 4096 * 4096 })
    .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#FFFFFF' })
    .png({ progressive: false })
    .toBuffer()
    .catch(() => null);
}

async function schoolOf(db: DbOrTx, files: FileStorage, organizationId: string) {
  const school = await findOrganizationById(db, organizationId);
  const logo = school?.logoFile
    ? await readSchoolLogoPng(db, files, organizationId).catch(() => null)
    : null;
  return {
    name: school?.name ?? 'Écolage',
    addressLines: [school?.address, school?.city].filter((line): line is string => Boolean(line)),
    logo: await paperLogo(logo),
    timeZone: school?.timeZone ?? 'Africa/Lome',
  } satisfies ReportSchool;
}

/** The report's document: its lines, or null when it would be empty. */
async function documentOf(
  db: Database,
  organizationId: string,
  report: AccountingReport,
  period: { from: string; to: string },
  school: ReportSchool,
  studentId: string | undefined,
): Promise<Omit<ReportDocument, 'title' | 'period' | 'fileName' | 'sheetName'> | null> {
  const inMemory = (columns: ReportColumn[], lines: ReportLine[], landscape: boolean) =>
    lines.length === 0 ? null : { columns, landscape, lines: inOneBatch(lines) };
  switch (report) {
    case 'grand-livre': {
      const who = await grandLivreStudents(db, organizationId, period, studentId);
      if (!who) return null;
      return {
        columns: grandLivreColumns,
        landscape: false,
        lines: grandLivreLines(db, organizationId, period, who),
      };
    }
    case 'balance-agee': {
      const dayEnd = startOfSchoolDay(addDays(period.to, 1), school.timeZone);
      return inMemory(
        balanceAgeeColumns,
        await balanceAgeeLines(db, organizationId, period.to, dayEnd),
        true,
      );
    }
    case 'encaissements':
      return inMemory(
        encaissementsColumns,
        await encaissementsLines(db, organizationId, period),
        false,
      );
    case 'virements':
      return inMemory(
        virementsColumns,
        await virementsLines(db, organizationId, period, school.timeZone),
        true,
      );
  }
}

const sheetNames: Record<AccountingReport, string> = {
  'grand-livre': 'Grand livre',
  'balance-agee': 'Balance âgée',
  encaissements: 'Encaissements',
  virements: 'Virements',
};

/**
 * One accounting report of the school as PDF (rendered whole: its pages are numbered « n / N »)
 * or XLSX (streamed), journaled (`accounting.report_exported`) before it is handed out. The
 * period defaults to the current month up to today; the balance âgée reads only `to` (today by
 * default). Unknown report → 404, another school's student → 404, nothing to show → 422.
 */
export async function exportAccountingReport(
  db: Database,
  files: FileStorage,
  acting: ActingMember,
  reportName: string,
  request: ReportRequest,
): Promise<ReportFile> {
  if (!isAccountingReport(reportName)) throw domainError('ACCOUNTING_REPORT_UNKNOWN');
  const report = reportName;
  const { organizationId } = acting;
  const [school, now] = await Promise.all([schoolOf(db, files, organizationId), currentTime(db)]);
  const today = dayIn(school.timeZone, now);
  const to = request.to ?? (request.from && request.from > today ? request.from : today);
  const from = request.from ?? `${to.slice(0, 8)}01`;
  if (from > to) throw domainError('ACCOUNTING_REPORT_PERIOD_INVERTED', {}, { field: 'from' });
  const atOneDate = report === 'balance-agee';
  const period = { from, to };
  const content = await documentOf(
    db,
    organizationId,
    report,
    period,
    school,
    report === 'grand-livre' ? request.studentId : undefined,
  );
  if (!content) {
    throw domainError('ACCOUNTING_REPORT_EMPTY', atOneDate ? { to } : { from, to });
  }
  const base = atOneDate ? `${report}-${to}` : `${report}-${from}-${to}`;
  const document: ReportDocument = {
    ...content,
    title: accountingReportTitles[report],
    period: atOneDate ? `Au ${frenchDay(to)}` : `Du ${frenchDay(from)} au ${frenchDay(to)}`,
    fileName: `${base}.${request.format}`,
    sheetName: sheetNames[report],
  };
  const journal = (lines: number | undefined) =>
    db.transaction((tx) =>
      recordAuditEntry(tx, {
        organizationId,
        actor: acting.actor,
        action: 'accounting.report_exported',
        resourceType: 'accounting_report',
        category: 'export',
        details: {
          rapport: report,
          format: request.format,
          ...(atOneDate ? { date: to } : { du: from, au: to }),
          ...(report === 'grand-livre' && request.studentId ? { étudiant: request.studentId } : {}),
          ...(lines === undefined ? {} : { lignes: lines }),
        },
        ip: acting.ip,
        userAgent: acting.userAgent,
      }),
    );
  if (request.format === 'pdf') {
    const { pdf, lines } = await renderReportPdf(school, document, now);
    await journal(lines);
    return { format: 'pdf', fileName: document.fileName, body: pdf };
  }
  await journal(undefined);
  const printed = `édité le ${new Intl.DateTimeFormat('fr-FR', {
    timeZone: school.timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(now)}`;
  return {
    format: 'xlsx',
    fileName: document.fileName,
    body: reportXlsxStream(school, document, printed),
  };
}
