import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/**
 * Who asked a school not to send them a category of messages (research/messaging.md §7.4): the
 * proof of the right to object (Togo law 2019-014), one row per school, recipient and category.
 * The recipient is an E.164 phone or a lower-cased e-mail. Asking again after reactivating
 * clears `reactivated_at` and dates the row anew; the journal keeps every step.
 */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    recipient: text('recipient').notNull(),
    category: text('category', { enum: ['reminder', 'notice', 'marketing'] }).notNull(),
    source: text('source', { enum: ['link', 'provider', 'keyword', 'staff'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the recipient wants the messages again; null while the opt-out holds. */
    reactivatedAt: timestamp('reactivated_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({
      name: 'message_opt_outs_pkey',
      columns: [table.organizationId, table.recipient, table.category],
    }),
    check(
      'message_opt_outs_category_check',
      sql`${table.category} in ('reminder', 'notice', 'marketing')`,
    ),
    check(
      'message_opt_outs_source_check',
      sql`${table.source} in ('link', 'provider', 'keyword', 'staff')`,
    ),
  ],
);

export type MessageOptOutRow = typeof messageOptOuts.$inferSelect;
