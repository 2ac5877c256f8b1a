import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { enrolments, studentImports, students } from '../students.tables';
import type { CheckedRow } from './validate-rows';

/** Splits a list for statements that take one parameter per value. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

const LOOKUP_CHUNK = 1000;
export const PREVIEW_ROWS = 20;

export async function insertImport(
  db: DbOrTx,
  values: {
    organizationId: string;
    fileName: string;
    rows: CheckedRow[];
    issues: unknown[];
    totalRows: number;
    validRows: number;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(studentImports).values(values).returning({ id: studentImports.id });
  return row!.id;
}

/** The import without its rows (they can weigh megabytes), and its first rows for the preview. */
export async function findImportSummary(db: DbOrTx, organizationId: string, importId: string) {
  const { rows: _rows, ...columns } = getTableColumns(studentImports);
  const [row] = await db
    .select({
      ...columns,
      // One detoasting of the rows, not one set row per line: polled every 500 ms while running.
      preview: sql<
        CheckedRow[]
      >`jsonb_path_query_array(${studentImports.rows}, ${`$[0 to ${PREVIEW_ROWS - 1}]`}::jsonpath)`,
    })
    .from(studentImports)
    .where(and(eq(studentImports.organizationId, organizationId), eq(studentImports.id, importId)));
  return row;
}
export type ImportSummary = NonNullable<Awaited<ReturnType<typeof findImportSummary>>>;

/** Moves a previewed import to `running` (once: a second commit finds nothing to move). */
export async function claimImport(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  values: { mode: 'all_or_nothing' | 'skip_invalid'; processedRows: number; skipped: number },
): Promise<boolean> {
  const claimed = await db
    .update(studentImports)
    .set({ status: 'running', ...values, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(studentImports.organizationId, organizationId),
        eq(studentImports.id, importId),
        eq(studentImports.status, 'previewed'),
      ),
    )
    .returning({ id: studentImports.id });
  return claimed.length > 0;
}

export async function findImportRows(db: DbOrTx, organizationId: string, importId: string) {
  const [row] = await db
    .select({ rows: studentImports.rows, fileName: studentImports.fileName })
    .from(studentImports)
    .where(and(eq(studentImports.organizationId, organizationId), eq(studentImports.id, importId)));
  return row && { fileName: row.fileName, rows: row.rows as CheckedRow[] };
}

export async function updateImport(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  values: Partial<
    Pick<
      typeof studentImports.$inferInsert,
      | 'status'
      | 'processedRows'
      | 'created'
      | 'updated'
      | 'skipped'
      | 'enrolled'
      | 'invoicesIssued'
      | 'error'
      | 'finishedAt'
    >
  >,
): Promise<void> {
  await db
    .update(studentImports)
    .set(values)
    .where(and(eq(studentImports.organizationId, organizationId), eq(studentImports.id, importId)));
}

/** The school's students having one of these matricules. */
export async function findStudentsByMatricules(
  db: DbOrTx,
  organizationId: string,
  matricules: string[],
) {
  const found: (typeof students.$inferSelect)[] = [];
  for (const chunk of chunksOf(matricules, LOOKUP_CHUNK)) {
    found.push(
      ...(await db
        .select()
        .from(students)
        .where(
          and(eq(students.organizationId, organizationId), inArray(students.matricule, chunk)),
        )),
    );
  }
  return found;
}

/** Active enrolments of these students, any year. */
export async function findActiveEnrolmentsOf(
  db: DbOrTx,
  organizationId: string,
  studentIds: string[],
) {
  const found: { studentId: string; academicYearId: string; levelId: string }[] = [];
  for (const chunk of chunksOf(studentIds, LOOKUP_CHUNK)) {
    found.push(
      ...(await db
        .select({
          studentId: enrolments.studentId,
          academicYearId: enrolments.academicYearId,
          levelId: enrolments.levelId,
        })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.organizationId, organizationId),
            inArray(enrolments.studentId, chunk),
            eq(enrolments.status, 'active'),
          ),
        )),
    );
  }
  return found;
}

/**
 * Refreshes the planner's statistics of the tables an import fills and its foreign keys look up.
 * PostgreSQL checks each foreign key with a plan cached per connection; planned while a table
 * was small (a new school), it scans the table, and every check of a large import then reads
 * all the rows written so far — quadratic. Inside the import's transaction, ANALYZE counts the
 * rows written so far and the checks are planned again, with the index. (The lock it takes only
 * excludes VACUUM, ANALYZE and schema changes until the transaction ends.)
 */
export async function refreshImportStatistics(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze students, guardians, enrolments, invoices`);
}

/** How often the process applying an import says it is alive (`heartbeat_at`). */
export const IMPORT_HEARTBEAT_MS = 10_000;
/** An import whose heartbeat is older than this died with the process that applied it. */
export const IMPORT_HEARTBEAT_LOST_MS = 60_000;

/** The process applying the import is alive: writes `heartbeat_at` (while it runs). */
export async function touchRunningImport(
  db: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<void> {
  await db
    .update(studentImports)
    .set({ heartbeatAt: sql`now()` })
    .where(
      and(
        eq(studentImports.organizationId, organizationId),
        eq(studentImports.id, importId),
        eq(studentImports.status, 'running'),
      ),
    );
}

/**
 * Imports left `running` by a process that stopped (crash, restart, SIGKILL): nothing of an
 * all-or-nothing run was kept, and a skip-invalid run kept its finished batches. Marked failed so
 * that the wizard stops waiting and says so. Only those whose heartbeat stopped: several processes
 * run, and one starting must not fail an import another is applying. (An import started by a
 * version without the heartbeat counts from its preview.)
 */
export async function failInterruptedImports(
  db: DbOrTx,
  lostAfterMs = IMPORT_HEARTBEAT_LOST_MS,
): Promise<number> {
  const rows = await db
    .update(studentImports)
    .set({
      status: 'failed',
      error:
        'L’import a été interrompu par un redémarrage du serveur. Vérifiez la liste des étudiants avant de le relancer.',
      finishedAt: new Date(),
    })
    .where(
      and(
        eq(studentImports.status, 'running'),
        sql`coalesce(${studentImports.heartbeatAt}, ${studentImports.createdAt}) <
          now() - make_interval(secs => ${lostAfterMs / 1000})`,
      ),
    )
    .returning({ id: studentImports.id });
  return rows.length;
}
