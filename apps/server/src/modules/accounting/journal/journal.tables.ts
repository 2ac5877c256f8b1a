import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/** The chart a school's journal is exported in: SYSCOHADA révisé or SYSCEBNL (one row per school). */
export const accountingChartSettings = pgTable('accounting_chart_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  baseChart: text('base_chart', { enum: ['syscohada', 'syscebnl'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A school's account for one of Écolage's accounts (4111 → 412…): what the exports write. An
 * account without a row exports under the base chart's default (contracts' `internalAccounts`).
 */
export const accountMappings = pgTable(
  'account_mappings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    internalAccount: text('internal_account').notNull(),
    account: text('account').notNull(),
    label: text('label').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.internalAccount] }),
    check('account_mappings_account_check', sql`${table.account} ~ '^[0-9]{3,8}$'`),
  ],
);

/**
 * Each journal export (who, format, period, lines): the audit says it too; closing a period asks
 * whether an export covers it.
 */
export const journalExports = pgTable(
  'journal_exports',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    format: text('format').notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    lines: integer('lines').notNull(),
    exportedBy: uuid('exported_by'),
    exportedByLabel: text('exported_by_label').notNull(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('journal_exports_period_idx').on(table.organizationId, table.toDay),
  ],
);

export type JournalExportRow = typeof journalExports.$inferSelect;
