import {
  addDays,
  invoiceOccurrence,
  type WorkflowConditions,
  type WorkflowParams,
  type WorkflowRecipients,
} from '@ecolage/contracts';
import { startOfSchoolDay } from '../../../platform/clock';
import type { NewWorkflowSend, SendSkipReason } from '../sends/workflow-sends.tables';
import type { ReminderCandidate } from './reminder-candidates.reads';

/**
 * The planner's rules, without a query: which occurrences of an invoice workflow fall in the
 * window, which candidates its conditions keep, who receives it, when. Shared by the planner
 * (which writes the rows) and « Simuler » (which shows them): what is simulated is what is planned.
 */

/** How many days ahead reminders are planned (and simulated by default). */
export const PLANNING_DAYS = 14;
/** Reminders leave between 08:00 and 10:00 school time, spread (carriers' flood filters). */
export const SEND_HOUR = 8;
export const JITTER_SECONDS = 2 * 60 * 60;

export interface PlannableWorkflow {
  id: string;
  organizationId: string;
  trigger: 'invoice_due_in' | 'invoice_overdue';
  params: WorkflowParams;
  conditions: WorkflowConditions;
  channel: 'sms' | 'whatsapp' | 'email';
  recipients: WorkflowRecipients | null;
}

export interface Occurrence {
  /** Days from the due date: -3 for J-3, 10 for J+10. */
  offset: number;
  repeat: number;
}

/** The workflow's occurrences relative to a due date (J-N once; J+N then every M days K times). */
export function occurrencesOf(
  workflow: Pick<PlannableWorkflow, 'trigger' | 'params'>,
): Occurrence[] {
  const days = workflow.params.days ?? 0;
  if (workflow.trigger === 'invoice_due_in') return [{ offset: -days, repeat: 0 }];
  const occurrences: Occurrence[] = [{ offset: days, repeat: 0 }];
  const every = workflow.params.repeatEveryDays;
  const times = workflow.params.repeatTimes;
  if (every && times) {
    for (let repeat = 1; repeat <= times; repeat += 1) {
      occurrences.push({ offset: days + repeat * every, repeat });
    }
  }
  return occurrences;
}

/** The due dates whose occurrences may fall in [today, today + days - 1]. */
export function dueWindow(
  workflows: readonly Pick<PlannableWorkflow, 'trigger' | 'params'>[],
  today: string,
  days: number,
): { dueFrom: string; dueTo: string } | null {
  const offsets = workflows.flatMap((workflow) => occurrencesOf(workflow).map((o) => o.offset));
  if (offsets.length === 0) return null;
  return {
    dueFrom: addDays(today, -Math.max(...offsets)),
    dueTo: addDays(today, days - 1 - Math.min(...offsets)),
  };
}

/** FNV-1a: the same jitter for the same send on every planning run. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const dayStarts = new Map<string, number>();

/** Midnight of a school day, computed once per day and zone (a planning run asks 60,000 times). */
function dayStart(day: string, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size > 10_000) dayStarts.clear();
    start = startOfSchoolDay(day, timeZone).getTime();
    dayStarts.set(key, start);
  }
  return start;
}

/** The send day at 08:00 school time, plus a deterministic spread up to 10:00. */
export function sendInstant(day: string, timeZone: string, key: string): Date {
  const start = dayStart(day, timeZone);
  return new Date(start + SEND_HOUR * 3_600_000 + (hash(key) % JITTER_SECONDS) * 1000);
}

export function meetsConditions(
  conditions: WorkflowConditions,
  candidate: Pick<
    ReminderCandidate,
    'programmeId' | 'levelId' | 'studentStatus' | 'studentBalance'
  >,
): boolean {
  if (conditions.programmeId && candidate.programmeId !== conditions.programmeId) return false;
  if (conditions.levelId && candidate.levelId !== conditions.levelId) return false;
  if (conditions.studentStatus && candidate.studentStatus !== conditions.studentStatus)
    return false;
  if (
    conditions.minimumBalance !== undefined &&
    candidate.studentBalance < conditions.minimumBalance
  )
    return false;
  return true;
}

export interface PlannedReminder {
  send: NewWorkflowSend & { scheduledFor: Date };
  candidate: ReminderCandidate;
  /** Null: it will be sent; else why not (no phone, no e-mail). */
  skipReason: SendSkipReason | null;
}

/**
 * The sends of one workflow for the candidates (one row per invoice and guardian, as read) whose
 * send day falls in [today, today + days - 1].
 */
export function planWorkflow(
  workflow: PlannableWorkflow,
  candidates: readonly ReminderCandidate[],
  options: { today: string; days: number; timeZone: string; now: Date },
): PlannedReminder[] {
  const last = addDays(options.today, options.days - 1);
  const occurrences = occurrencesOf(workflow);
  const planned: PlannedReminder[] = [];
  // Candidates come one row per guardian: group the rows of each invoice.
  const byInvoice = new Map<string, ReminderCandidate[]>();
  for (const candidate of candidates) {
    const rows = byInvoice.get(candidate.invoiceId);
    if (rows) rows.push(candidate);
    else byInvoice.set(candidate.invoiceId, [candidate]);
  }
  for (const rows of byInvoice.values()) {
    const first = rows[0]!;
    if (!meetsConditions(workflow.conditions, first)) continue;
    const days = occurrences
      .map((occurrence) => ({ ...occurrence, day: addDays(first.dueOn, occurrence.offset) }))
      .filter((occurrence) => occurrence.day >= options.today && occurrence.day <= last);
    if (days.length === 0) continue;
    const withGuardian = rows.filter((row) => row.guardianId !== null);
    const chosen =
      workflow.recipients === 'all_guardians'
        ? withGuardian
        : withGuardian.filter((row) => row.isMainPayer).slice(0, 1);
    for (const occurrence of days) {
      const occurrenceKey = invoiceOccurrence({
        due: first.dueOn,
        offset: occurrence.offset,
        repeat: occurrence.repeat,
      });
      const targets: { row: ReminderCandidate; recipient: string | null }[] =
        chosen.length > 0
          ? chosen.map((row) => ({
              row,
              recipient: workflow.channel === 'email' ? row.guardianEmail : row.guardianPhone,
            }))
          : [{ row: first, recipient: null }];
      for (const { row, recipient } of targets) {
        // Without an address the row is still written, skipped, so the history says why; its
        // recipient is who lacks one (the guardian, or the student without a payer).
        const key =
          recipient ?? (row.guardianId ? `guardian:${row.guardianId}` : `student:${row.studentId}`);
        const skipReason: SendSkipReason | null =
          recipient === null ? (workflow.channel === 'email' ? 'no_email' : 'no_phone') : null;
        planned.push({
          candidate: row,
          skipReason,
          send: {
            organizationId: workflow.organizationId,
            workflowId: workflow.id,
            subjectKind: 'invoice',
            subjectId: row.invoiceId,
            occurrence: occurrenceKey,
            channel: workflow.channel,
            recipient: key,
            guardianId: row.guardianId,
            studentId: row.studentId,
            invoiceId: row.invoiceId,
            scheduledFor: sendInstant(occurrence.day, options.timeZone, `${row.invoiceId}|${key}`),
            status: skipReason ? 'skipped' : 'planned',
            skipReason,
            processedAt: skipReason ? options.now : null,
          },
        });
      }
    }
  }
  return planned;
}
