import type { ImportIssue, StudentImport } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { notFound, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { schoolToday } from '../../organizations';
import { readImportFileInThread } from './import-file-thread';
import { cleanText } from './import-values';
import {
  claimImport,
  failInterruptedImports,
  findActiveEnrolmentsOf,
  findImportSummary,
  findStudentsByMatricules,
  IMPORT_HEARTBEAT_MS,
  insertImport,
  touchRunningImport,
  type ImportSummary,
} from './import.repository';
import type { IssueEnrolmentInvoices } from '../billing.port';
import { findImportCatalogue } from './import-lookups.reads';
import { runImport } from './run-import';
import { validateRows } from './validate-rows';

/**
 * The student import (spec « Importer des étudiants »): a CSV or Excel file is read and checked
 * into a preview kept in `student_imports`; the commit then applies its lines in the background,
 * all or nothing, or skipping the lines in error.
 */

/** Issues kept and shown: enough to fix a file, bounded for a file of 50,000 bad lines. */
const MAX_ISSUES = 1000;
const importNotFound = () => notFound('IMPORT_NOT_FOUND');

/** `C:\fakepath\élèves.csv` → `élèves.csv`, at most 200 characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return cleanText(base).slice(0, 200) || 'import';
}

function toStudentImport(row: ImportSummary): StudentImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    mode: row.mode,
    totalRows: row.totalRows,
    validRows: row.validRows,
    invalidRows: row.totalRows - row.validRows,
    issues: (row.issues as ImportIssue[]).slice(0, MAX_ISSUES),
    preview: row.preview.map((line) => ({
      line: line.line,
      matricule: line.matricule,
      fullName: line.fullName,
      programme: line.programme,
      level: line.level,
      guardianName: line.guardianName,
      guardianPhone: line.guardianPhone,
      action: line.action,
      valid: line.valid,
    })),
    processedRows: row.processedRows,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    enrolled: row.enrolled,
    invoicesIssued: row.invoicesIssued,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** An import of the school, as the wizard shows it (404 for another school's). */
export async function getImport(
  db: Database,
  organizationId: string,
  importId: string,
): Promise<StudentImport> {
  const row = await findImportSummary(db, organizationId, importId);
  if (!row) throw importNotFound();
  return toStudentImport(row);
}

/**
 * Reads and checks a file, and keeps its lines for the commit. Writes no student: the preview
 * lists every line in error (line, column, French message) and what each valid line will do.
 */
export async function previewImport(
  db: Database,
  acting: ActingMember,
  file: { fileName: string | undefined; bytes: Buffer },
): Promise<StudentImport> {
  const { organizationId } = acting;
  const raw = await readImportFileInThread(file.bytes);
  const matricules = [
    ...new Set(raw.map((row) => cleanText(row.values.matricule)).filter(Boolean)),
  ];
  const [catalogue, existing, today] = await Promise.all([
    findImportCatalogue(db, organizationId),
    findStudentsByMatricules(db, organizationId, matricules),
    schoolToday(db, organizationId),
  ]);
  const enrolments = await findActiveEnrolmentsOf(
    db,
    organizationId,
    existing.map((student) => student.id),
  );
  const { rows, issues, validRows } = validateRows(raw, {
    ...catalogue,
    existing: new Map(
      existing.map((student) => [
        student.matricule,
        { id: student.id, archived: student.archivedAt !== null },
      ]),
    ),
    activeEnrolments: new Map(
      enrolments.map((row) => [`${row.studentId}:${row.academicYearId}`, row.levelId]),
    ),
    today,
  });
  const importId = await insertImport(db, {
    organizationId,
    fileName: cleanFileName(file.fileName),
    rows,
    issues: issues.slice(0, MAX_ISSUES),
    totalRows: rows.length,
    validRows,
    createdBy: acting.actor.label,
  });
  return getImport(db, organizationId, importId);
}

/** Imports being applied by this process, so that tests and shutdown can wait for them. */
const running = new Map<string, Promise<void>>();

/** Resolves once the import's background run (if any in this process) is over. */
export function waitForImport(importId: string): Promise<void> {
  return running.get(importId) ?? Promise.resolve();
}

/** Resolves once every import running in this process is over (server shutdown). */
export async function waitForAllImports(): Promise<void> {
  await Promise.all(running.values());
}

/**
 * Starts applying a previewed import and answers at once with it `running`; the lines are
 * applied in the background (see run-import.ts). Refuses an import already started, an
 * all-or-nothing import with lines in error, and an import without a valid line.
 */
export async function commitImport(
  db: Database,
  acting: ActingMember,
  importId: string,
  mode: 'all_or_nothing' | 'skip_invalid',
  issueInvoices: IssueEnrolmentInvoices,
  onUnexpectedError: (error: unknown) => void = () => undefined,
): Promise<StudentImport> {
  const { organizationId } = acting;
  const current = await findImportSummary(db, organizationId, importId);
  if (!current) throw importNotFound();
  if (current.status !== 'previewed') throw domainError('IMPORT_NOT_PREVIEWED');
  if (current.validRows === 0) throw domainError('IMPORT_NOTHING_TO_IMPORT');
  const invalid = current.totalRows - current.validRows;
  if (mode === 'all_or_nothing' && invalid > 0) throw domainError('IMPORT_ALL_OR_NOTHING_BLOCKED');
  // The lines in error are skipped at once: they count as processed.
  const skipped = mode === 'skip_invalid' ? invalid : 0;
  if (
    !(await claimImport(db, organizationId, importId, { mode, processedRows: skipped, skipped }))
  ) {
    throw domainError('IMPORT_NOT_PREVIEWED');
  }
  // Alive while it runs: an import whose heartbeat stops died with its process (failInterruptedImports).
  const heartbeat = setInterval(() => {
    touchRunningImport(db, organizationId, importId).catch(() => undefined);
  }, IMPORT_HEARTBEAT_MS);
  heartbeat.unref();
  const job = runImport(
    db,
    acting,
    importId,
    mode,
    { processedRows: skipped, skipped },
    issueInvoices,
  )
    .catch(onUnexpectedError)
    .finally(() => {
      clearInterval(heartbeat);
      running.delete(importId);
    });
  running.set(importId, job);
  return getImport(db, organizationId, importId);
}

/**
 * Imports whose process died (its heartbeat stopped: SIGKILL, a lost machine) are marked failed,
 * so the wizard stops waiting; an import another live process is applying is left alone.
 */
export function failImportsOfStoppedProcesses(db: Database): Promise<number> {
  return failInterruptedImports(db);
}
