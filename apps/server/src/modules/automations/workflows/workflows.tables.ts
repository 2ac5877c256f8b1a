import {
  workflowChannelValues,
  workflowRecipientValues,
  workflowTriggerValues,
  type WorkflowConditions,
  type WorkflowParams,
} from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

const quoted = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/** The school's default reminders (J-7, J-1, J+3, J+10), created paused; one each per school. */
export const defaultWorkflowKeys = ['due_in_7', 'due_in_1', 'overdue_3', 'overdue_10'] as const;
export type DefaultWorkflowKey = (typeof defaultWorkflowKeys)[number];

/**
 * A school's workflow (« Automatisations »): when (trigger and its days), for whom (conditions on
 * the student), what (one channel, its recipients or staff roles, the French template). Archived,
 * never deleted: its sends and their history keep pointing at it.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    trigger: text('trigger', { enum: workflowTriggerValues }).notNull(),
    params: jsonb('params').$type<WorkflowParams>().notNull().default({}),
    conditions: jsonb('conditions').$type<WorkflowConditions>().notNull().default({}),
    channel: text('channel', { enum: workflowChannelValues }).notNull(),
    /** Payer channels: the main payer or every guardian; null for a staff notification. */
    recipients: text('recipients', { enum: workflowRecipientValues }),
    /** Staff notifications: the roles (of the school) whose members are notified. */
    staffRoleIds: uuid('staff_role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    template: text('template').notNull(),
    /** E-mail subject; a staff notification's title. */
    subject: text('subject'),
    enabled: boolean('enabled').notNull().default(false),
    /** One of the school's default reminders (`due_in_7`…), null for the school's own. */
    defaultKey: text('default_key', { enum: defaultWorkflowKeys }),
    /** Who created it (a member's name, or « Écolage » for the defaults). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('workflows_organization_name_key')
      .on(table.organizationId, sql`lower(${table.name})`)
      .where(sql`${table.archivedAt} is null`),
    uniqueIndex('workflows_organization_default_key').on(table.organizationId, table.defaultKey),
    // The planner's and the event handlers' question: the school's live workflows of a trigger.
    index('workflows_organization_trigger_idx')
      .on(table.organizationId, table.trigger)
      .where(sql`${table.archivedAt} is null and ${table.enabled}`),
    // The list, newest first.
    index('workflows_organization_created_idx').on(table.organizationId, table.createdAt),
    check('workflows_trigger_check', sql`${table.trigger} in (${quoted(workflowTriggerValues)})`),
    check('workflows_channel_check', sql`${table.channel} in (${quoted(workflowChannelValues)})`),
    check(
      'workflows_recipients_check',
      sql`${table.recipients} is null or ${table.recipients} in (${quoted(workflowRecipientValues)})`,
    ),
    check(
      'workflows_default_key_check',
      sql`${table.defaultKey} is null or ${table.defaultKey} in (${quoted(defaultWorkflowKeys)})`,
    ),
  ],
);

export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;
