import {
  MESSAGE_PRICES_XOF,
  occurrenceLabel,
  renderTemplate,
  SIMULATION_MAX_ROWS,
  sendSkipReasonLabels,
  smsSegments,
  type SimulateWorkflowBody,
  type SimulationResult,
  type SimulationRow,
} from '@ecolage/contracts';
import { addDays } from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import { notFound } from '../../../platform/errors';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { optedOutRecipients } from '../../messaging';
import { findOrganizationsByIds } from '../../organizations';
import { digestValues, withOptOutLine } from '../dispatch/dispatch-rules';
import {
  findReminderCandidates,
  type ReminderCandidate,
} from '../planning/reminder-candidates.reads';
import { dueWindow, planWorkflow, type PlannedReminder } from '../planning/reminder-plan';
import { plannableWorkflow } from '../planning/reminder-planner.service';
import { findHandledSendKeys } from '../runs/workflow-runs.reads';
import { shortStudentName, studentPlaceholderValues } from '../templates/placeholder-values';
import { findWorkflow } from '../workflows/workflows.repository';
import type { WorkflowRow } from '../workflows/workflows.tables';

/**
 * « Simuler »: what the planner would plan for a workflow (saved or drafted) over the next days,
 * with the dispatcher's digest (one message per guardian and day), the texts, SMS parts and cost
 * — the same rules (reminder-plan.ts), nothing written. Quiet hours and caps move a message later
 * and are not shown; a recipient who opted out, has no phone or e-mail, or was already sent this
 * occurrence is listed as skipped with the reason.
 */

const SAMPLE_LINK = () => `${publicBaseUrl()}/s/Ab3xY9Qk`;
const SAMPLE_STOP = () => `${publicBaseUrl()}/s/Zx81Qp7L`;

function draftRow(
  organizationId: string,
  body: NonNullable<SimulateWorkflowBody['workflow']>,
): WorkflowRow {
  const now = new Date();
  return {
    id: '00000000-0000-4000-8000-000000000000',
    organizationId,
    name: body.name,
    trigger: body.trigger,
    params: body.params,
    conditions: body.conditions,
    channel: body.action.channel,
    recipients: body.action.recipients ?? null,
    staffRoleIds: body.action.staffRoleIds,
    template: body.action.template,
    subject: body.action.subject ?? null,
    enabled: false,
    defaultKey: null,
    createdBy: '',
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
}

function factsOf(candidate: ReminderCandidate) {
  return {
    id: candidate.studentId,
    fullName: candidate.studentName,
    matricule: candidate.matricule,
    status: candidate.studentStatus,
    programmeId: candidate.programmeId,
    programme: candidate.programme,
    levelId: candidate.levelId,
    level: candidate.level,
    nextInvoice: null,
  };
}

function costOf(channel: SimulationRow['channel'], segments: number): number {
  if (channel === 'sms') return segments * MESSAGE_PRICES_XOF.smsSegment;
  if (channel === 'whatsapp') return MESSAGE_PRICES_XOF.whatsappMessage;
  return 0;
}

export async function simulateWorkflow(
  db: DbOrTx,
  organizationId: string,
  body: SimulateWorkflowBody,
): Promise<SimulationResult> {
  const row = body.workflowId
    ? await findWorkflow(db, organizationId, body.workflowId)
    : draftRow(organizationId, body.workflow!);
  if (!row) throw notFound('AUTOMATION_NOT_FOUND');
  const now = await currentTime(db);
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  const today = dayIn(timeZone, now);
  const result: SimulationResult = {
    from: today,
    to: addDays(today, body.days - 1),
    days: body.days,
    foreseeable: false,
    prices: {
      smsSegment: MESSAGE_PRICES_XOF.smsSegment,
      whatsappMessage: MESSAGE_PRICES_XOF.whatsappMessage,
      email: MESSAGE_PRICES_XOF.email,
    },
    totals: {
      messages: 0,
      recipients: 0,
      students: 0,
      sms: 0,
      smsSegments: 0,
      whatsapp: 0,
      email: 0,
      staff: 0,
      costXof: 0,
      skipped: 0,
      skippedByReason: {},
    },
    rows: [],
    truncated: false,
  };
  const workflow = plannableWorkflow(row);
  if (!workflow) return result;
  result.foreseeable = true;
  const window = dueWindow([workflow], today, body.days)!;
  const candidates = await findReminderCandidates(db, organizationId, window, {
    withStudentBalance: [workflow].some((w) => w.conditions.minimumBalance !== undefined),
  });
  const planned = planWorkflow(workflow, candidates, { today, days: body.days, timeZone, now });
  const handled = body.workflowId
    ? await findHandledSendKeys(db, organizationId, body.workflowId)
    : new Set<string>();
  const optedOut = await optedOutRecipients(
    db,
    organizationId,
    [...new Set(planned.filter((p) => !p.skipReason).map((p) => p.send.recipient))],
    'reminder',
  );
  const keyOf = (p: PlannedReminder) =>
    [p.send.subjectId, p.send.occurrence, p.send.channel, p.send.recipient].join('|');
  const reasonOf = (p: PlannedReminder) =>
    p.skipReason ??
    (handled.has(keyOf(p)) ? 'already_sent' : optedOut.has(p.send.recipient) ? 'opted_out' : null);

  // The dispatcher's digest: one message per recipient and send day.
  const groups = new Map<string, PlannedReminder[]>();
  for (const p of planned) {
    const key = reasonOf(p)
      ? keyOf(p)
      : `${p.send.recipient}|${dayIn(timeZone, p.send.scheduledFor)}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const rows: SimulationRow[] = [];
  const recipients = new Set<string>();
  const students = new Set<string>();
  for (const group of groups.values()) {
    const first = group[0]!;
    const reason = reasonOf(first);
    const base = studentPlaceholderValues({
      student: factsOf(first.candidate),
      schoolName: school?.name ?? '',
      guardianName: first.candidate.guardianName,
      balance: first.candidate.studentBalance,
      invoice: {
        number: first.candidate.invoiceNumber,
        dueOn: first.candidate.dueOn,
        balance: first.candidate.invoiceBalance,
      },
      today: dayIn(timeZone, first.send.scheduledFor),
      link: SAMPLE_LINK(),
    });
    const values = digestValues(
      base,
      group.map((p) => ({
        studentName: p.candidate.studentName,
        shortName: shortStudentName(p.candidate.studentName),
        invoiceNumber: p.candidate.invoiceNumber,
        dueOn: p.candidate.dueOn,
        balance: p.candidate.invoiceBalance,
      })),
    );
    const text = withOptOutLine(
      renderTemplate(row.template, values, { channel: workflow.channel }),
      SAMPLE_STOP(),
      workflow.channel,
    );
    const segments = workflow.channel === 'sms' ? smsSegments(text).segments : 0;
    const cost = reason ? 0 : costOf(workflow.channel, segments);
    if (reason) {
      result.totals.skipped += group.length;
      result.totals.skippedByReason[reason] =
        (result.totals.skippedByReason[reason] ?? 0) + group.length;
    } else {
      result.totals.messages += 1;
      result.totals[workflow.channel] += 1;
      result.totals.smsSegments += segments;
      result.totals.costXof += cost;
      recipients.add(first.send.recipient);
      for (const p of group) students.add(p.candidate.studentId);
    }
    group.forEach((p, index) => {
      rows.push({
        studentId: p.candidate.studentId,
        studentName: p.candidate.studentName,
        matricule: p.candidate.matricule,
        guardianId: p.candidate.guardianId,
        guardianName: p.candidate.guardianName,
        invoiceId: p.candidate.invoiceId,
        invoiceNumber: p.candidate.invoiceNumber,
        channel: workflow.channel,
        recipient: p.skipReason ? null : p.send.recipient,
        scheduledFor: p.send.scheduledFor.toISOString(),
        occurrenceLabel: occurrenceLabel(p.send.occurrence),
        amountDue: p.candidate.invoiceBalance,
        text,
        segments,
        // A digest is one message: its cost is on its first line.
        costXof: index === 0 ? cost : 0,
        skipReason: reason,
        skipLabel: reason ? sendSkipReasonLabels[reason] : null,
      });
    });
  }
  rows.sort((a, b) => a.scheduledFor.localeCompare(b.scheduledFor));
  result.totals.recipients = recipients.size;
  result.totals.students = students.size;
  result.rows = rows.slice(0, SIMULATION_MAX_ROWS);
  result.truncated = rows.length > SIMULATION_MAX_ROWS;
  return result;
}
