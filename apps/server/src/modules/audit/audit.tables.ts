import { auditCategoryValues } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  check,
} from 'drizzle-orm/pg-core';

/** The categories of the journal's filter, and a few more (DESIGN.md §5). */
export const auditCategories = auditCategoryValues;
export type AuditCategory = (typeof auditCategories)[number];

/**
 * The audit journal: one row per mutation, written in the mutation's own transaction. Each entry
 * carries the hash of the previous entry of the same chain (one chain per school, one for the
 * platform when `organization_id` is null), so that an edited or deleted row breaks the chain.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Null for platform-level events (public website, operator actions). The foreign key to
     * `organizations` is declared by the organizations module, downstream of the journal, in its
     * own migration (0016_foreign_keys_of_downstream_tables.sql, decisions/0015).
     */
    organizationId: uuid('organization_id'),
    actorType: text('actor_type', { enum: ['user', 'anonymous', 'system'] }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    category: text('category', { enum: auditCategories }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (table) => [
    // Serves the journal screen: a school's entries, newest first.
    index('audit_entries_organization_created_idx').on(table.organizationId, table.createdAt),
    // The end of a school's chain, read by every append (payments append hundreds a second).
    index('audit_entries_organization_id_idx').on(table.organizationId, table.id),
    check(
      'audit_entries_category_check',
      sql`${table.category} in ('invoice', 'payment', 'export', 'user', 'refund', 'settings', 'student', 'public', 'system')`,
    ),
    check(
      'audit_entries_actor_type_check',
      sql`${table.actorType} in ('user', 'anonymous', 'system')`,
    ),
  ],
);

export type AuditEntry = typeof auditEntries.$inferSelect;
