import { sendDeferReasonValues, sendSkipReasonValues, sendStatusValues } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from '../../billing/billing.tables';
import { organizations } from '../../organizations/organizations.tables';
import { guardians, students } from '../../students/students.tables';
import { workflows } from '../workflows/workflows.tables';

export const sendSubjectKinds = ['invoice', 'payment', 'student', 'admission', 'week'] as const;
export type SendSubjectKind = (typeof sendSubjectKinds)[number];
export const sendChannels = ['sms', 'whatsapp', 'email', 'staff'] as const;
export type SendChannel = (typeof sendChannels)[number];
// Statuses and reasons are the contracts' (the history's words are written beside them there).
export const sendStatuses = sendStatusValues;
export type SendStatus = (typeof sendStatuses)[number];
export const sendSkipReasons = sendSkipReasonValues;
export type SendSkipReason = (typeof sendSkipReasons)[number];
export const sendDeferReasons = sendDeferReasonValues;
export type SendDeferReason = (typeof sendDeferReasons)[number];

const quoted = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One message a workflow means to send: to one recipient, by one channel, for one occurrence of
 * its rule on one subject (an invoice's `due:2026-12-05;offset:-3;repeat:0`, a payment, a week).
 * Planned ahead, then taken by the dispatcher, which checks again (paid meanwhile, voided, opted
 * out, caps, quiet hours) and queues the message or says why it skipped it. The unique key is the
 * « never twice » promise: re-planning, several workers or a clock moved back insert nothing new.
 */
export const workflowSends = pgTable(
  'workflow_sends',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    workflowId: uuid('workflow_id').notNull(),
    subjectKind: text('subject_kind', { enum: sendSubjectKinds }).notNull(),
    subjectId: text('subject_id').notNull(),
    /** The rule's logical occurrence: `due:2026-12-05;offset:-3;repeat:0`. */
    occurrence: text('occurrence').notNull(),
    channel: text('channel', { enum: sendChannels }).notNull(),
    /** E.164 phone, e-mail address, or `role:<id>` for staff. */
    recipient: text('recipient').notNull(),
    guardianId: uuid('guardian_id'),
    studentId: uuid('student_id'),
    invoiceId: uuid('invoice_id'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status', { enum: sendStatuses }).notNull().default('planned'),
    skipReason: text('skip_reason', { enum: sendSkipReasons }),
    /** Why a planned send was moved later (quiet hours, today's cap reached): the history says so. */
    deferredReason: text('deferred_reason', { enum: sendDeferReasons }),
    /**
     * The message sent. No foreign key: outbound messages are a platform queue kept on the
     * coordinator when the schools are distributed, and a distributed table cannot reference such a
     * table (db-distribution).
     */
    outboundMessageId: uuid('outbound_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('workflow_sends_occurrence_key').on(
      table.organizationId,
      table.workflowId,
      table.subjectKind,
      table.subjectId,
      table.occurrence,
      table.channel,
      table.recipient,
    ),
    // The dispatcher's queue, across schools: planned sends that are due.
    index('workflow_sends_due_idx')
      .on(table.scheduledFor)
      .where(sql`${table.status} = 'planned'`),
    // The caps: reminders handed over to a recipient since a day began, in a school or on the
    // whole platform (a phone's three SMS a day across schools).
    index('workflow_sends_recipient_processed_idx')
      .on(table.recipient, table.processedAt)
      .where(sql`${table.status} in ('queued', 'sent', 'delivered')`),
    // A workflow's run history, newest first.
    index('workflow_sends_workflow_scheduled_idx').on(
      table.organizationId,
      table.workflowId,
      table.scheduledFor,
    ),
    foreignKey({
      columns: [table.organizationId, table.workflowId],
      foreignColumns: [workflows.organizationId, workflows.id],
      name: 'workflow_sends_workflow_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'workflow_sends_guardian_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'workflow_sends_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
      name: 'workflow_sends_invoice_fk',
    }),
    check(
      'workflow_sends_subject_kind_check',
      sql`${table.subjectKind} in (${quoted(sendSubjectKinds)})`,
    ),
    check('workflow_sends_channel_check', sql`${table.channel} in (${quoted(sendChannels)})`),
    check('workflow_sends_status_check', sql`${table.status} in (${quoted(sendStatuses)})`),
    check(
      'workflow_sends_deferred_reason_check',
      sql`${table.deferredReason} is null or ${table.deferredReason} in (${quoted(sendDeferReasons)})`,
    ),
    check(
      'workflow_sends_skip_reason_check',
      sql`(${table.status} = 'skipped') = (${table.skipReason} is not null) and (${table.skipReason} is null or ${table.skipReason} in (${quoted(sendSkipReasons)}))`,
    ),
  ],
);

export type WorkflowSend = typeof workflowSends.$inferSelect;
export type NewWorkflowSend = typeof workflowSends.$inferInsert;
