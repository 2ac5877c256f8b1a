import { isInvoiceTrigger, renderTemplate, type PlaceholderValues } from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn, startOfSchoolDay } from '../../../platform/clock';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { currentTime } from '../../../platform/test-clock/test-clock';
import {
  optedOutRecipients,
  optOutUrl,
  queueEmail,
  queueSms,
  queueWhatsApp,
} from '../../messaging';
import { notifyStaff } from '../../notifications';
import { findOrganizationsByIds, type Organization } from '../../organizations';
import { meetsConditions } from '../planning/reminder-plan';
import {
  claimDueSends,
  claimSiblingSends,
  countQueuedSince,
  deferSends,
  lockRecipients,
  markSendsQueued,
  markSendsSkipped,
} from '../sends/workflow-sends.repository';
import type { SendSkipReason, WorkflowSend } from '../sends/workflow-sends.tables';
import { placeholderValuesForSend } from '../templates/send-values';
import { findWorkflow } from '../workflows/workflows.repository';
import type { WorkflowRow } from '../workflows/workflows.tables';
import {
  nextDayWindow,
  PLATFORM_DAILY_SMS_CAP,
  quietHoursDeferral,
  SCHOOL_DAILY_CAP,
  withOptOutLine,
  Decisions,
} from './dispatch-rules';
import { findInvoiceStates, type InvoiceState } from './invoice-states.reads';
import {
  invoiceValues,
  paymentLinkFor,
  readBatchFacts,
  type DispatchContext,
} from './reminder-message';

/**
 * The dispatcher (`automations.dispatch`, every minute, after planning, when the test clock
 * moves; any number of processes): takes the due planned sends in batches — one transaction
 * each, FOR UPDATE SKIP LOCKED — checks each again (workflow paused, invoice paid meanwhile or
 * a payment in flight, voided, conditions, opted out, quiet hours, caps), gathers one guardian's
 * invoices of a workflow into one message, renders it with a short payment link and queues it
 * (category `reminder`, dedupe key = the send's id) in the same transaction as the sends are
 * marked `queued`. Decision 0021.
 */

export type { DispatchContext } from './reminder-message';

export interface DispatchOutcome {
  claimed: number;
  /** Sends handed over (several per message for a digest). */
  queued: number;
  messages: number;
  deferred: number;
  skipped: Partial<Record<SendSkipReason, number>>;
}

const emptyOutcome = (): DispatchOutcome => ({
  claimed: 0,
  queued: 0,
  messages: 0,
  deferred: 0,
  skipped: {},
});

const BATCH_SIZE = 500;
const PAYER_CHANNELS = new Set(['sms', 'whatsapp', 'email']);

interface SchoolBatch {
  school: Organization | undefined;
  timeZone: string;
  sends: WorkflowSend[];
}

function groupKey(send: WorkflowSend): string {
  // A digest gathers one workflow's invoice sends to one recipient by one channel (same day: the
  // batch holds what is due now).
  return send.subjectKind === 'invoice'
    ? `${send.workflowId}|${send.channel}|${send.recipient}`
    : send.id;
}

function isStaleDueReminder(workflow: WorkflowRow, state: InvoiceState, today: string): boolean {
  // « Due in N days » said after the due date is wrong: the overdue workflows speak then.
  return workflow.trigger === 'invoice_due_in' && state.dueOn < today;
}

async function workflowsOf(tx: DbOrTx, sends: readonly WorkflowSend[]) {
  const rows = new Map<string, WorkflowRow | undefined>();
  for (const send of sends) {
    if (!rows.has(send.workflowId)) {
      rows.set(send.workflowId, await findWorkflow(tx, send.organizationId, send.workflowId));
    }
  }
  return rows;
}

async function dispatchSchool(
  tx: DbOrTx,
  context: DispatchContext,
  batch: SchoolBatch,
  now: Date,
  outcome: DispatchOutcome,
): Promise<void> {
  const { school, timeZone, sends } = batch;
  const organizationId = sends[0]!.organizationId;
  const today = dayIn(timeZone, now);
  const decisions = new Decisions();
  const workflows = await workflowsOf(tx, sends);
  const states = await findInvoiceStates(
    tx,
    organizationId,
    sends.flatMap((send) => (send.invoiceId ? [send.invoiceId] : [])),
  );
  const studentIds = [
    ...new Set(sends.flatMap((send) => (send.studentId ? [send.studentId] : []))),
  ];
  const batchFacts = await readBatchFacts(tx, organizationId, studentIds);
  const facts = batchFacts.students;

  // 1. What no longer holds.
  let alive: WorkflowSend[] = [];
  for (const send of sends) {
    const workflow = workflows.get(send.workflowId);
    if (!workflow || !workflow.enabled || workflow.archivedAt) {
      decisions.skip('workflow_paused', [send.id]);
      continue;
    }
    if (send.subjectKind === 'invoice') {
      const state = send.invoiceId ? states.get(send.invoiceId) : undefined;
      if (!state || state.status === 'void') {
        decisions.skip('invoice_voided', [send.id]);
        continue;
      }
      if (state.status === 'paid' || state.balance <= 0 || state.inFlight) {
        decisions.skip('paid_meanwhile', [send.id]);
        continue;
      }
      const student = send.studentId ? facts.get(send.studentId) : undefined;
      const stillMet =
        !student ||
        meetsConditions(workflow.conditions, {
          programmeId: student.programmeId,
          levelId: student.levelId,
          studentStatus: student.status,
          studentBalance: state.studentBalance,
        });
      if (!stillMet || isStaleDueReminder(workflow, state, today)) {
        decisions.skip('condition_no_longer_met', [send.id]);
        continue;
      }
    }
    alive.push(send);
  }

  // 2. Opted out of the school's reminders.
  const payerSends = alive.filter((send) => PAYER_CHANNELS.has(send.channel));
  const optedOut = await optedOutRecipients(
    tx,
    organizationId,
    [...new Set(payerSends.map((send) => send.recipient))],
    'reminder',
  );
  alive = alive.filter((send) => {
    if (!PAYER_CHANNELS.has(send.channel) || !optedOut.has(send.recipient)) return true;
    decisions.skip('opted_out', [send.id]);
    return false;
  });

  // 3. Quiet hours: payers are not written to at night; the send waits for 08:00.
  alive = alive.filter((send) => {
    if (!PAYER_CHANNELS.has(send.channel)) return true;
    const until = quietHoursDeferral(now, timeZone, `${send.subjectId}|${send.recipient}`);
    if (!until) return true;
    decisions.defer(until, 'quiet_hours', [send.id]);
    return false;
  });

  // 4. Digest, then the caps (per message: a digest is one reminder).
  const groups = new Map<string, WorkflowSend[]>();
  for (const send of alive)
    groups.set(groupKey(send), [...(groups.get(groupKey(send)) ?? []), send]);
  const dayStart = startOfSchoolDay(today, timeZone);
  const capped = [...groups.values()].filter(
    (group) => group[0]!.subjectKind === 'invoice' && group[0]!.channel !== 'email',
  );
  const phones = [...new Set(capped.map((group) => group[0]!.recipient))];
  await lockRecipients(tx, phones);
  const inSchool = await countQueuedSince(tx, organizationId, phones, dayStart, [
    'sms',
    'whatsapp',
  ]);
  const onPlatform = await countQueuedSince(tx, null, phones, dayStart, ['sms']);
  for (const [key, group] of groups) {
    const first = group[0]!;
    if (first.subjectKind !== 'invoice' || first.channel === 'email') continue;
    const school = inSchool.get(first.recipient) ?? 0;
    const platform = onPlatform.get(first.recipient) ?? 0;
    const overCap =
      school >= SCHOOL_DAILY_CAP || (first.channel === 'sms' && platform >= PLATFORM_DAILY_SMS_CAP);
    if (!overCap) {
      inSchool.set(first.recipient, school + 1);
      if (first.channel === 'sms') onPlatform.set(first.recipient, platform + 1);
      continue;
    }
    groups.delete(key);
    // Held back once to tomorrow; a send already held back by a cap is dropped.
    const again = group.filter((send) => send.deferredReason === 'cap_reached').map((s) => s.id);
    const first_time = group
      .filter((send) => send.deferredReason !== 'cap_reached')
      .map((s) => s.id);
    if (again.length > 0) decisions.skip('cap_reached', again);
    if (first_time.length > 0) {
      decisions.defer(
        nextDayWindow(now, timeZone, `${first.subjectId}|${first.recipient}`),
        'cap_reached',
        first_time,
      );
    }
  }

  // 5. Render and queue, one message per group.
  for (const group of groups.values()) {
    const first = group[0]!;
    const workflow = workflows.get(first.workflowId)!;
    const ids = group.map((send) => send.id);
    if (first.channel === 'staff') {
      const values = await placeholderValuesForSend(tx, workflow.trigger, first, now);
      const title = renderTemplate(workflow.subject ?? workflow.name, values, { channel: 'staff' });
      const body = renderTemplate(workflow.template, values, { channel: 'staff' });
      const roleId = first.recipient.replace(/^role:/, '');
      await notifyStaff(tx, {
        organizationId,
        roleIds: [roleId],
        kind: 'automation',
        title,
        body,
        link: '/admin/automatisations',
        dedupeKey: `workflow-send:${first.id}`,
      });
      await markSendsQueued(tx, organizationId, ids, null, now);
      outcome.queued += ids.length;
      outcome.messages += 1;
      continue;
    }
    const channel = first.channel as 'sms' | 'whatsapp' | 'email';
    let values: PlaceholderValues;
    let linkStudents: string[];
    if (first.subjectKind === 'invoice') {
      ({ values, studentIds: linkStudents } = await invoiceValues(
        tx,
        school,
        group,
        states,
        today,
        batchFacts,
      ));
    } else {
      values = await placeholderValuesForSend(tx, workflow.trigger, first, now);
      linkStudents = first.studentId ? [first.studentId] : [];
    }
    if (/\{lien\}/.test(workflow.template)) {
      const link = await paymentLinkFor(tx, context, first, linkStudents, now);
      if (link) values = { ...values, lien: link };
    }
    let text = renderTemplate(workflow.template, values, { channel });
    if (first.subjectKind === 'invoice') {
      const stop = await optOutUrl(tx, {
        organizationId,
        recipient: first.recipient,
        category: 'reminder',
        now,
      });
      text = withOptOutLine(text, stop, channel);
    }
    const common = { organizationId, category: 'reminder' as const, dedupeKey: first.id };
    const template = `automations.${workflow.trigger}`;
    const message =
      channel === 'email'
        ? await queueEmail(tx, {
            ...common,
            to: first.recipient,
            subject: renderTemplate(workflow.subject ?? workflow.name, values, {
              channel: 'email',
            }),
            text,
            template,
          })
        : channel === 'whatsapp'
          ? await queueWhatsApp(tx, {
              ...common,
              recipient: first.recipient,
              template: {
                name: isInvoiceTrigger(workflow.trigger)
                  ? 'rappel_echeance_scolarite'
                  : `ecolage_${workflow.trigger}`,
                language: 'fr',
                params: values as Record<string, string>,
              },
              fallbackText: text,
            })
          : await queueSms(tx, { ...common, recipient: first.recipient, body: text, template });
    await markSendsQueued(tx, organizationId, ids, message.id, now);
    outcome.queued += ids.length;
    outcome.messages += 1;
  }

  // 6. The decisions.
  for (const [reason, ids] of decisions.skipped) {
    await markSendsSkipped(tx, organizationId, ids, reason, now);
    outcome.skipped[reason] = (outcome.skipped[reason] ?? 0) + ids.length;
  }
  for (const { until, reason, ids } of decisions.deferred.values()) {
    await deferSends(tx, organizationId, ids, until, reason);
    outcome.deferred += ids.length;
  }
}

/** One batch: claimed, decided and written in one transaction. Returns how many were claimed. */
async function dispatchBatch(
  db: Database,
  context: DispatchContext,
  now: Date,
  batchSize: number,
  outcome: DispatchOutcome,
): Promise<number> {
  return db.transaction(async (tx) => {
    const batchOutcome = emptyOutcome();
    const claimed = await claimDueSends(tx, now, batchSize);
    if (claimed.length === 0) return 0;
    const sends = [...claimed, ...(await claimSiblingSends(tx, now, claimed))];
    const bySchool = new Map<string, WorkflowSend[]>();
    for (const send of sends) {
      bySchool.set(send.organizationId, [...(bySchool.get(send.organizationId) ?? []), send]);
    }
    const schools = new Map(
      (await findOrganizationsByIds(tx, [...bySchool.keys()])).map((row) => [row.id, row]),
    );
    for (const [organizationId, schoolSends] of bySchool) {
      const school = schools.get(organizationId);
      await dispatchSchool(
        tx,
        context,
        { school, timeZone: school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, sends: schoolSends },
        now,
        batchOutcome,
      );
    }
    // Counted once the transaction is sure to commit (a retried batch is counted once).
    batchOutcome.claimed = sends.length;
    mergeOutcome(outcome, batchOutcome);
    return claimed.length;
  });
}

function mergeOutcome(into: DispatchOutcome, from: DispatchOutcome) {
  into.claimed += from.claimed;
  into.queued += from.queued;
  into.messages += from.messages;
  into.deferred += from.deferred;
  for (const [reason, count] of Object.entries(from.skipped) as [SendSkipReason, number][]) {
    into.skipped[reason] = (into.skipped[reason] ?? 0) + count;
  }
}

/**
 * Sends what is due, batch after batch, until nothing due is left (or `maxBatches`). Several
 * processes may run it at once: each batch takes rows the others have not locked.
 */
export async function dispatchDueSends(
  db: Database,
  context: DispatchContext,
  options: { now?: Date; batchSize?: number; maxBatches?: number } = {},
): Promise<DispatchOutcome> {
  const now = options.now ?? (await currentTime(db));
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const outcome = emptyOutcome();
  for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch += 1) {
    const claimed = await dispatchBatch(db, context, now, batchSize, outcome);
    if (claimed < batchSize) break;
  }
  return outcome;
}
