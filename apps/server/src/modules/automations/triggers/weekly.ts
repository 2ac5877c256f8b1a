import { addDays } from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn, startOfSchoolDay } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { isoWeekLabel, isoWeekMonday } from '../../notifications';
import { findOrganizationsByIds } from '../../organizations';
import { insertPlannedSends } from '../sends/workflow-sends.repository';
import type { NewWorkflowSend } from '../sends/workflow-sends.tables';
import { findEnabledWorkflowsOfAllSchools } from '../workflows/workflows.repository';

/** The summary goes out on Monday at 08:00, school time (the start of the quiet hours' window). */
const SEND_HOUR = 8;

/**
 * « Résumé hebdomadaire » workflows: one send per workflow, staff role and week — the week that
 * ended before the school's current Monday (occurrence `week:<its Monday>`, subject its ISO week
 * `2026-W48`), scheduled that Monday at 08:00 school time (at once if that is past; a workflow
 * created after that waits for the next Monday). The reminder
 * engine's planner calls this on each run; the sends' unique key makes a second call a no-op. The
 * figures are read when it is sent (notifications' `weeklySchoolFigures`, through the send's
 * placeholders). Returns how many sends were inserted.
 */
export async function planWeeklySummarySends(db: DbOrTx, now: Date): Promise<number> {
  const workflows = await findEnabledWorkflowsOfAllSchools(db, 'weekly_summary');
  if (workflows.length === 0) return 0;
  const schools = new Map(
    (
      await findOrganizationsByIds(db, [...new Set(workflows.map((row) => row.organizationId))])
    ).map((school) => [school.id, school]),
  );
  const rows: NewWorkflowSend[] = workflows.flatMap((workflow) => {
    const timeZone = schools.get(workflow.organizationId)?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
    const thisMonday = isoWeekMonday(dayIn(timeZone, now));
    const lastMonday = addDays(thisMonday, -7);
    const at = new Date(startOfSchoolDay(thisMonday, timeZone).getTime() + SEND_HOUR * 3_600_000);
    // A workflow created after this Monday's summary time waits for next Monday's.
    if (workflow.createdAt > at) return [];
    return workflow.staffRoleIds.map((roleId) => ({
      organizationId: workflow.organizationId,
      workflowId: workflow.id,
      subjectKind: 'week' as const,
      subjectId: isoWeekLabel(lastMonday),
      occurrence: `week:${lastMonday}`,
      channel: workflow.channel,
      recipient: `role:${roleId}`,
      guardianId: null,
      studentId: null,
      invoiceId: null,
      scheduledFor: at,
    }));
  });
  return insertPlannedSends(db, rows);
}
