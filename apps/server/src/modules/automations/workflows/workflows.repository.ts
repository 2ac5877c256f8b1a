import type { WorkflowStatus, WorkflowTrigger } from '@ecolage/contracts';
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern, foldedForSearchSql, foldForSearch } from '../../../platform/search-text';
import { workflows, type NewWorkflowRow, type WorkflowRow } from './workflows.tables';

const live = (organizationId: string) =>
  and(eq(workflows.organizationId, organizationId), isNull(workflows.archivedAt));

/** A live (not archived) workflow of the school. */
export async function findWorkflow(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(live(organizationId), eq(workflows.id, workflowId)));
  return row;
}

/** The same, locked until the end of the transaction (enable, pause, edit, archive). */
export async function lockWorkflow(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(live(organizationId), eq(workflows.id, workflowId)))
    .for('update');
  return row;
}

export interface WorkflowFilter {
  q?: string;
  status?: WorkflowStatus;
}

function filterOf(organizationId: string, filter: WorkflowFilter): SQL | undefined {
  return and(
    live(organizationId),
    filter.q
      ? sql`${foldedForSearchSql(sql`${workflows.name}`)} like ${containsPattern(foldForSearch(filter.q))}`
      : undefined,
    filter.status ? eq(workflows.enabled, filter.status === 'active') : undefined,
  );
}

/** A page of the school's live workflows: the defaults first (J-7 … J+10), then newest first. */
export async function findWorkflowPage(
  db: DbOrTx,
  organizationId: string,
  filter: WorkflowFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: WorkflowRow[]; total: number }> {
  const where = filterOf(organizationId, filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(workflows)
      .where(where)
      .orderBy(
        sql`case ${workflows.defaultKey} when 'due_in_7' then 0 when 'due_in_1' then 1 when 'overdue_3' then 2 when 'overdue_10' then 3 else 4 end`,
        desc(workflows.createdAt),
        asc(workflows.id),
      )
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(workflows).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The school's enabled live workflows of one trigger (event handlers, the weekly summary). */
export async function findEnabledWorkflows(
  db: DbOrTx,
  organizationId: string,
  trigger: WorkflowTrigger,
): Promise<WorkflowRow[]> {
  return db
    .select()
    .from(workflows)
    .where(and(live(organizationId), eq(workflows.trigger, trigger), eq(workflows.enabled, true)))
    .orderBy(asc(workflows.createdAt), asc(workflows.id));
}

/** Every school's enabled live workflows of one trigger (the weekly summary's run). */
export async function findEnabledWorkflowsOfAllSchools(
  db: DbOrTx,
  trigger: WorkflowTrigger,
): Promise<WorkflowRow[]> {
  return db
    .select()
    .from(workflows)
    .where(
      and(
        isNull(workflows.archivedAt),
        eq(workflows.trigger, trigger),
        eq(workflows.enabled, true),
      ),
    )
    .orderBy(asc(workflows.organizationId), asc(workflows.createdAt));
}

/** Whether another live workflow of the school has this name (case-insensitive). */
export async function nameTaken(
  db: DbOrTx,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        live(organizationId),
        sql`lower(${workflows.name}) = lower(${name})`,
        exceptId ? sql`${workflows.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Names of the school's live workflows starting with `prefix` (a copy's free name). */
export async function namesStartingWith(
  db: DbOrTx,
  organizationId: string,
  prefix: string,
): Promise<string[]> {
  const rows = await db
    .select({ name: workflows.name })
    .from(workflows)
    .where(
      and(
        live(organizationId),
        sql`lower(left(${workflows.name}, ${prefix.length})) = lower(${prefix})`,
      ),
    );
  return rows.map((row) => row.name);
}

export async function insertWorkflow(db: DbOrTx, row: NewWorkflowRow): Promise<WorkflowRow> {
  const [inserted] = await db.insert(workflows).values(row).returning();
  if (!inserted) throw new Error('workflow not inserted');
  return inserted;
}

/**
 * Inserts the rows that are not there yet (a default key or a live name the school already has
 * is left alone); returns the ones inserted.
 */
export async function insertMissingWorkflows(
  db: DbOrTx,
  rows: NewWorkflowRow[],
): Promise<WorkflowRow[]> {
  if (rows.length === 0) return [];
  return db.insert(workflows).values(rows).onConflictDoNothing().returning();
}

export async function updateWorkflowRow(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
  change: Partial<NewWorkflowRow>,
): Promise<WorkflowRow> {
  const [row] = await db
    .update(workflows)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(workflows.organizationId, organizationId), eq(workflows.id, workflowId)))
    .returning();
  if (!row) throw new Error('workflow not updated');
  return row;
}

/** How many of its default workflows the school has (archived ones included). */
export async function countDefaultWorkflows(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workflows)
    .where(and(eq(workflows.organizationId, organizationId), isNotNull(workflows.defaultKey)));
  return row?.total ?? 0;
}
