import { DEFAULT_SCHOOL_TIME_ZONE, dayIn, startOfSchoolDay } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { findOrganizationsByIds } from '../../organizations';
import { insertPlannedSends, revivePausedSends } from '../sends/workflow-sends.repository';
import {
  findEnabledWorkflows,
  findEnabledWorkflowsOfAllSchools,
} from '../workflows/workflows.repository';
import type { WorkflowRow } from '../workflows/workflows.tables';
import { findReminderCandidates } from './reminder-candidates.reads';
import { dueWindow, PLANNING_DAYS, planWorkflow, type PlannableWorkflow } from './reminder-plan';

/**
 * The planner (`automations.plan`, every 10 minutes, after a workflow is enabled or edited, and
 * when the test clock moves): for each school's enabled invoice workflows, the sends whose day
 * falls in the next 14 days, written once (the unique key: planning again adds only what is new).
 * One read of the candidates per school, inserts in chunks.
 */

/** An invoice workflow to a payer channel (a staff notification about invoices is not planned here). */
export function plannableWorkflow(row: WorkflowRow): PlannableWorkflow | null {
  if (row.trigger !== 'invoice_due_in' && row.trigger !== 'invoice_overdue') return null;
  if (row.channel === 'staff') return null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    trigger: row.trigger,
    params: row.params,
    conditions: row.conditions,
    channel: row.channel,
    recipients: row.recipients,
  };
}

export interface PlanningOutcome {
  schools: number;
  workflows: number;
  /** Sends written by this run (planned or skipped for want of an address). */
  inserted: number;
  /** Sends of resumed workflows planned again. */
  revived: number;
}

async function planSchool(
  db: DbOrTx,
  organizationId: string,
  rows: readonly WorkflowRow[],
  timeZone: string,
  now: Date,
): Promise<PlanningOutcome> {
  const workflows = rows.map(plannableWorkflow).filter((row) => row !== null);
  const outcome = { schools: 1, workflows: workflows.length, inserted: 0, revived: 0 };
  const today = dayIn(timeZone, now);
  const window = dueWindow(workflows, today, PLANNING_DAYS);
  if (!window) return outcome;
  const todayStart = startOfSchoolDay(today, timeZone);
  for (const workflow of workflows) {
    outcome.revived += await revivePausedSends(db, organizationId, workflow.id, todayStart);
  }
  const candidates = await findReminderCandidates(db, organizationId, window, {
    withStudentBalance: workflows.some((w) => w.conditions.minimumBalance !== undefined),
  });
  const sends = workflows.flatMap((workflow) =>
    planWorkflow(workflow, candidates, { today, days: PLANNING_DAYS, timeZone, now }).map(
      (planned) => planned.send,
    ),
  );
  outcome.inserted = await insertPlannedSends(db, sends);
  return outcome;
}

/** Plans one school's reminders (after a workflow of it was enabled or edited). */
export async function planSchoolReminders(
  db: DbOrTx,
  organizationId: string,
  now?: Date,
): Promise<PlanningOutcome> {
  const at = now ?? (await currentTime(db));
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  if (!school) return { schools: 0, workflows: 0, inserted: 0, revived: 0 };
  const rows = [
    ...(await findEnabledWorkflows(db, organizationId, 'invoice_due_in')),
    ...(await findEnabledWorkflows(db, organizationId, 'invoice_overdue')),
  ];
  return planSchool(db, organizationId, rows, school.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, at);
}

/** Plans every school's reminders (the job's run). */
export async function planAllReminders(db: DbOrTx, now?: Date): Promise<PlanningOutcome> {
  const at = now ?? (await currentTime(db));
  const rows = [
    ...(await findEnabledWorkflowsOfAllSchools(db, 'invoice_due_in')),
    ...(await findEnabledWorkflowsOfAllSchools(db, 'invoice_overdue')),
  ];
  const bySchool = new Map<string, WorkflowRow[]>();
  for (const row of rows)
    bySchool.set(row.organizationId, [...(bySchool.get(row.organizationId) ?? []), row]);
  const schools = await findOrganizationsByIds(db, [...bySchool.keys()]);
  const total: PlanningOutcome = { schools: 0, workflows: 0, inserted: 0, revived: 0 };
  for (const school of schools) {
    const outcome = await planSchool(
      db,
      school.id,
      bySchool.get(school.id) ?? [],
      school.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE,
      at,
    );
    total.schools += outcome.schools;
    total.workflows += outcome.workflows;
    total.inserted += outcome.inserted;
    total.revived += outcome.revived;
  }
  return total;
}
