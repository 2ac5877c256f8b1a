/**
 * « Automatisations »: the school's workflows (trigger, conditions, action and its template), the
 * defaults every school gets (J-7, J-1, J+3, J+10, paused), the template preview, the workflows
 * triggered by events, and the reminder engine that plans and sends their messages.
 */
export { workflowRoutes, type WorkflowRoutesOptions } from './workflows/workflows.routes';
export { getWorkflow, toWorkflow, type WorkflowPlanning } from './workflows/workflows.service';
export {
  findEnabledWorkflows,
  findEnabledWorkflowsOfAllSchools,
  findWorkflow,
} from './workflows/workflows.repository';
export type { WorkflowRow } from './workflows/workflows.tables';
export {
  defaultWorkflows,
  ensureDefaultWorkflows,
  ensureDefaultWorkflowsOfAllSchools,
  ensureDefaultWorkflowsOfSchool,
} from './workflows/default-workflows';
export {
  frenchDay,
  shortStudentName,
  studentPlaceholderValues,
} from './templates/placeholder-values';
export { placeholderValuesForSend, type SendSubject } from './templates/send-values';
export { previewTemplate } from './templates/preview.service';
export {
  automationEventHandlers,
  meetsConditions,
  planEventSends,
} from './triggers/event-triggers';
export { planWeeklySummarySends } from './triggers/weekly';
// The reminder engine: sends planned once (the unique key), dispatched, simulated, their history.
export { insertPlannedSends } from './sends/workflow-sends.repository';
export type { NewWorkflowSend, WorkflowSend } from './sends/workflow-sends.tables';
export { planAllReminders, planSchoolReminders } from './planning/reminder-planner.service';
export {
  dispatchDueSends,
  type DispatchContext,
  type DispatchOutcome,
} from './dispatch/reminder-dispatcher.service';
export {
  DISPATCH_JOB,
  PLAN_JOB,
  reminderJobs,
  reminderPlanning,
  type ReminderJobsDependencies,
} from './dispatch/reminder-jobs';
export { simulateWorkflow } from './simulation/simulate.service';
export { listWorkflowRuns, workflowSendCounts } from './runs/workflow-runs.service';
export { reminderRoutes, type ReminderRoutesOptions } from './runs/reminder-routes';
