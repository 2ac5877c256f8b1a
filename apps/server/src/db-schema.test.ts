import { isTable } from 'drizzle-orm';
import { getTableConfig, index, pgTable, text, uuid, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './db-schema';

/**
 * Tables that are not owned by a school: the schools themselves, and what belongs to Écolage's
 * own public website. Anything else must carry `organization_id` (DESIGN.md §1.4).
 */
const platformTables = new Set([
  'organizations',
  'newsletter_subscriptions',
  'contact_messages',
  // Platform events have no school; school events carry theirs (nullable column).
  'audit_entries',
  // Accounts and their sessions belong to people, who may work for several schools.
  'users',
  'refresh_tokens',
  'login_throttles',
  // The providers' fee rates are the same for every school (the platform operator keeps them).
  'provider_fee_rates',
  'password_resets',
  // Messages about an account (password reset) have no school; school messages carry theirs.
  'outbound_messages',
  // A message provider's delivery report is stored before anyone knows whose message it names.
  'message_delivery_reports',
  // A provider's notification is stored before anyone knows whose it is (it may name no payment);
  // the worker reads both tables across schools, and school screens filter on the column.
  'provider_events',
  'payment_reviews',
  // The worker's queue of side effects, read across schools by type.
  'outbox_events',
  // Each handler's progress on those events, taken across schools when due.
  'outbox_deliveries',
  // The test clock's one row (TEST_CLOCK=enabled only): the platform's « now ».
  'test_clock',
  // The page analytics' daily salts: one pair for the platform, a school's visitor ids mix in its id.
  'visit_salts',
  // The request budgets shared by the API processes: they guard doors before any school is known.
  'rate_budgets',
]);

/**
 * Indexes of tenant tables that serve the worker's cross-school lookups: a provider's callback
 * names an attempt by the provider's reference, and the poller takes the attempts and refunds due.
 */
const crossSchoolIndexes = new Set([
  'payment_attempts_provider_ref_idx',
  'payment_attempts_next_check_idx',
  'payment_refunds_next_check_idx',
  // The public verification page finds a receipt by its unguessable code alone.
  'receipts_verification_code_idx',
  // The sending loop takes due messages of every school, oldest first.
  'outbound_messages_waiting_idx',
  // The reminders' dispatcher takes the planned sends of every school that are due.
  'workflow_sends_due_idx',
  // A phone's reminders across schools (at most three SMS a day on the platform).
  'workflow_sends_recipient_processed_idx',
  // A merchant payment's notification names the merchant account only: its school is found by it.
  'merchant_accounts_provider_code_key',
  // A statement line on a provider account shared by the schools is recognised as another
  // school's payment by the provider's transaction id (counted, never shown).
  'payment_attempts_provider_txn_idx',
]);

/** What keeps a tenant table from being isolated by school. */
function tenantViolations(table: PgTable): string[] {
  const config = getTableConfig(table);
  const column = config.columns.find((candidate) => candidate.name === 'organization_id');
  if (!column) return [`${config.name} has no organization_id`];
  const problems = column.notNull ? [] : [`${config.name}.organization_id is nullable`];
  for (const tableIndex of config.indexes) {
    const first = tableIndex.config.columns[0] as { name?: string } | undefined;
    if (
      first?.name !== 'organization_id' &&
      !crossSchoolIndexes.has(tableIndex.config.name ?? '')
    ) {
      problems.push(`index ${tableIndex.config.name} does not lead with organization_id`);
    }
  }
  return problems;
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  isTable(value),
);

describe('tenant isolation in the schema', () => {
  it('every tenant table carries a non-null organization_id leading its indexes', () => {
    const tenantTables = tables.filter((table) => !platformTables.has(getTableConfig(table).name));
    expect(tenantTables.flatMap(tenantViolations)).toEqual([]);
  });

  it('every platform exception still exists (no stale allowance)', () => {
    const names = new Set(tables.map((table) => getTableConfig(table).name));
    for (const name of platformTables) expect(names, name).toContain(name);
  });

  it('catches a tenant table without the column, and an index that does not lead with it', () => {
    const loose = pgTable('loose', { id: uuid('id').primaryKey(), name: text('name') });
    expect(tenantViolations(loose)).toEqual(['loose has no organization_id']);
    const badIndex = pgTable(
      'bad_index',
      { id: uuid('id'), organizationId: uuid('organization_id').notNull(), name: text('name') },
      (table) => [index('bad_index_name_idx').on(table.name, table.organizationId)],
    );
    expect(tenantViolations(badIndex)).toEqual([
      'index bad_index_name_idx does not lead with organization_id',
    ]);
  });
});
