import {
  occurrenceLabel,
  sendDeferReasonLabels,
  sendSkipReasonLabels,
  type WorkflowRunCounts,
  type WorkflowRuns,
  type WorkflowRunsQuery,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import { countSendsOfWorkflows } from '../sends/workflow-sends.repository';
import { findWorkflow } from '../workflows/workflows.repository';
import { countRuns, findRuns } from './workflow-runs.reads';

/**
 * A workflow's run history (« Historique »): counts by outcome and the sends, newest first, each
 * with its occurrence and, when skipped or deferred, the reason in French. Another school's
 * workflow is not found.
 */
export async function listWorkflowRuns(
  db: DbOrTx,
  organizationId: string,
  workflowId: string,
  query: WorkflowRunsQuery,
): Promise<WorkflowRuns> {
  const workflow = await findWorkflow(db, organizationId, workflowId);
  if (!workflow) throw notFound('AUTOMATION_NOT_FOUND');
  const counts: WorkflowRunCounts = {
    planned: 0,
    queued: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    skipped: 0,
    skippedByReason: {},
  };
  for (const row of await countRuns(db, organizationId, workflowId)) {
    counts[row.status] += row.count;
    if (row.status === 'skipped' && row.skipReason) {
      counts.skippedByReason[row.skipReason] =
        (counts.skippedByReason[row.skipReason] ?? 0) + row.count;
    }
  }
  const { rows, total } = await findRuns(db, organizationId, workflowId, {
    ...(query.status ? { status: query.status } : {}),
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    counts,
    total,
    page: query.page,
    pageSize: query.pageSize,
    items: rows.map((row) => ({
      ...row,
      occurrenceLabel: occurrenceLabel(row.occurrence),
      scheduledFor: row.scheduledFor.toISOString(),
      processedAt: row.processedAt?.toISOString() ?? null,
      reasonLabel:
        row.status === 'skipped' && row.skipReason
          ? sendSkipReasonLabels[row.skipReason]
          : row.status === 'planned' && row.deferredReason
            ? sendDeferReasonLabels[row.deferredReason]
            : null,
    })),
  };
}

/** The workflows list's counters (workflows' `WorkflowSendCounts`). */
export const workflowSendCounts = countSendsOfWorkflows;
