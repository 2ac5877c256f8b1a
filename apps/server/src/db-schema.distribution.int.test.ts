import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './test/test-database';
import type { DbOrTx } from './platform/db/database';

/**
 * Distribution by school (DESIGN.md §1.4, issue 22 item 7): the migrated schema fits a distributed
 * PostgreSQL (Citus) sharded by `organization_id`. Every table of the `public` schema is listed here
 * once, and `deploy/citus/distribute.sql` places exactly these tables, in foreign-key order.
 *
 * - `distributed`: a school's rows, sharded by `organization_id`, all co-located.
 * - `reference`: small global tables copied to every node (each write goes to every node).
 * - `local`: kept on the coordinator only. For the platform's queues and journals, which hold rows
 *   of no school (a nullable `organization_id`) or are taken across schools with row locks
 *   (`for update skip locked`, single-node only in Citus), and are too big or too often written to
 *   be copied to every node.
 */
export type Placement = 'distributed' | 'reference' | 'local';

export const placements: Readonly<Record<string, Placement>> = {
  // Global, small, read everywhere.
  organizations: 'reference',
  users: 'reference',
  provider_fee_rates: 'reference',
  newsletter_subscriptions: 'reference',
  contact_messages: 'reference',
  password_resets: 'reference',
  test_clock: 'reference',
  visit_salts: 'reference',
  // Found by a public key alone, across schools: the key stays globally unique here.
  school_slug_redirects: 'reference',
  merchant_accounts: 'reference',
  invitations: 'reference',
  short_link_codes: 'reference',
  payment_link_ids: 'reference',
  // The platform's queues and journals (see above).
  audit_entries: 'local',
  outbox_events: 'local',
  outbox_deliveries: 'local',
  outbound_messages: 'local',
  message_delivery_reports: 'local',
  provider_events: 'local',
  payment_reviews: 'local',
  // Written on every sign-in, refresh or counted request, keyed by person or address, never by
  // school: copying each write to every node would cost more than it serves.
  refresh_tokens: 'local',
  login_throttles: 'local',
  rate_budgets: 'local',
  // A school's own rows.
  academic_years: 'distributed',
  account_mappings: 'distributed',
  accounting_chart_settings: 'distributed',
  admission_settings: 'distributed',
  admissions: 'distributed',
  billing_settings: 'distributed',
  campaign_links: 'distributed',
  campaign_sendings: 'distributed',
  campaigns: 'distributed',
  cash_sessions: 'distributed',
  collection_facts: 'distributed',
  collection_months: 'distributed',
  collection_months_by_age: 'distributed',
  collection_months_by_programme: 'distributed',
  coupon_redemptions: 'distributed',
  coupons: 'distributed',
  enrolments: 'distributed',
  family_credit_movements: 'distributed',
  guardians: 'distributed',
  incoming_credits: 'distributed',
  invoice_allocations: 'distributed',
  invoice_lines: 'distributed',
  invoice_number_counters: 'distributed',
  invoices: 'distributed',
  journal_exports: 'distributed',
  kyc_documents: 'distributed',
  ledger_entries: 'distributed',
  ledger_entry_numbers: 'distributed',
  ledger_journal_counters: 'distributed',
  ledger_period_closures: 'distributed',
  ledger_transactions: 'distributed',
  levels: 'distributed',
  marketing_subscribers: 'distributed',
  member_notification_preferences: 'distributed',
  memberships: 'distributed',
  message_opt_outs: 'distributed',
  notification_settings: 'distributed',
  page_visit_days: 'distributed',
  page_visits: 'distributed',
  payer_codes: 'distributed',
  payment_attempt_invoices: 'distributed',
  payment_attempts: 'distributed',
  payment_idempotency_keys: 'distributed',
  payment_link_attempts: 'distributed',
  payment_links: 'distributed',
  payment_refunds: 'distributed',
  payment_settlements: 'distributed',
  payment_transitions: 'distributed',
  payout_counters: 'distributed',
  payout_settings: 'distributed',
  payouts: 'distributed',
  programmes: 'distributed',
  provider_statements: 'distributed',
  receipt_counters: 'distributed',
  receipts: 'distributed',
  receivable_days: 'distributed',
  reconciliation_items: 'distributed',
  roles: 'distributed',
  scholarships: 'distributed',
  school_plan_terms: 'distributed',
  settlement_day_totals: 'distributed',
  settlement_volumes: 'distributed',
  short_links: 'distributed',
  staff_notifications: 'distributed',
  statement_lines: 'distributed',
  statistics_refresh_state: 'distributed',
  student_guardians: 'distributed',
  student_imports: 'distributed',
  student_numbering: 'distributed',
  student_status_changes: 'distributed',
  students: 'distributed',
  visit_payments: 'distributed',
  workflow_sends: 'distributed',
  workflows: 'distributed',
};

/** What the catalog says, reduced to what distribution cares about. */
export interface Catalog {
  tables: { name: string; organizationId: 'not null' | 'nullable' | 'absent' }[];
  /** Primary keys and unique indexes; a key column that is an expression is null. */
  uniques: { table: string; name: string; primary: boolean; columns: (string | null)[] }[];
  foreignKeys: { table: string; name: string; references: string; pairs: [string, string][] }[];
}

export async function readCatalog(db: DbOrTx): Promise<Catalog> {
  const tables = await db.execute<Catalog['tables'][number]>(sql`
    select c.relname::text as name,
      case when a.attnum is null then 'absent' when a.attnotnull then 'not null' else 'nullable' end
        as "organizationId"
    from pg_class c
    left join pg_attribute a
      on a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by 1`);
  const uniques = await db.execute<Catalog['uniques'][number]>(sql`
    select t.relname::text as table, i.relname::text as name, x.indisprimary as primary,
      array(select a.attname::text from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
        order by k.ord) as columns
    from pg_index x
    join pg_class t on t.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    where t.relnamespace = 'public'::regnamespace and x.indisunique
    order by 1, 2`);
  const foreignKeys = await db.execute<{
    table: string;
    name: string;
    references: string;
    columns: string[];
    referenced: string[];
  }>(sql`
    select t.relname::text as table, c.conname::text as name, r.relname::text as references,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.ord)
        as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.ord)
        as referenced
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    where c.contype = 'f' and t.relnamespace = 'public'::regnamespace
    order by 1, 2`);
  return {
    tables: tables.rows,
    uniques: uniques.rows,
    foreignKeys: foreignKeys.rows.map((row) => ({
      table: row.table,
      name: row.name,
      references: row.references,
      pairs: row.columns.map((column, index): [string, string] => [
        column,
        row.referenced[index] ?? '',
      ]),
    })),
  };
}

/** Foreign keys Citus accepts, by placement of the referencing and the referenced table. */
const allowedReferences: Record<Placement, readonly Placement[]> = {
  // Between distributed tables only when co-located by school (checked below).
  distributed: ['distributed', 'reference'],
  reference: ['reference'],
  local: ['reference', 'local'],
};

/** What keeps the schema from being distributed by school as classified. */
export function distributionViolations(
  catalog: Catalog,
  classified: Readonly<Record<string, Placement>>,
): string[] {
  const problems: string[] = [];
  const present = new Set(catalog.tables.map((table) => table.name));
  for (const table of catalog.tables) {
    const placement = classified[table.name];
    if (!placement) {
      problems.push(`${table.name} is not classified (distributed, reference or local)`);
    } else if (placement === 'distributed' && table.organizationId !== 'not null') {
      problems.push(`${table.name}.organization_id is ${table.organizationId}`);
    }
  }
  for (const name of Object.keys(classified)) {
    if (!present.has(name)) problems.push(`${name} is classified but does not exist`);
  }
  for (const unique of catalog.uniques) {
    if (classified[unique.table] !== 'distributed') continue;
    if (!unique.columns.includes('organization_id')) {
      const kind = unique.primary ? 'primary key' : 'unique index';
      problems.push(`${kind} ${unique.name} of ${unique.table} lacks organization_id`);
    }
  }
  for (const key of catalog.foreignKeys) {
    const from = classified[key.table];
    const to = classified[key.references];
    if (!from || !to) continue;
    if (!allowedReferences[from].includes(to)) {
      problems.push(`foreign key ${key.name}: ${from} ${key.table} → ${to} ${key.references}`);
    } else if (from === 'distributed' && to === 'distributed') {
      const bySchool = key.pairs.some(
        ([column, referenced]) => column === 'organization_id' && referenced === 'organization_id',
      );
      if (!bySchool) {
        problems.push(
          `foreign key ${key.name} (${key.table} → ${key.references}) does not map organization_id to organization_id`,
        );
      }
    }
  }
  return problems;
}

/** The statements of distribute.sql, in order: which table, placed how, co-located with what. */
export function parseDistributionScript(
  text: string,
): { table: string; placement: Placement; colocateWith?: string; column?: string }[] {
  const withoutComments = text.replace(/--[^\n]*/g, '');
  const statements: ReturnType<typeof parseDistributionScript> = [];
  const call =
    /\b(create_reference_table|create_distributed_table|citus_add_local_table_to_metadata)\s*\(([^)]*)\)/g;
  for (const match of withoutComments.matchAll(call)) {
    const [, fn = '', rawArgs = ''] = match;
    const args = [...rawArgs.matchAll(/(?:(\w+)\s*=>\s*)?'([^']*)'/g)].map(([, name, value]) => ({
      name,
      value: value ?? '',
    }));
    const table = args[0]?.value ?? '';
    if (fn === 'create_reference_table') statements.push({ table, placement: 'reference' });
    else if (fn === 'citus_add_local_table_to_metadata')
      statements.push({ table, placement: 'local' });
    else {
      statements.push({
        table,
        placement: 'distributed',
        column: args.find((arg, index) => index === 1 && !arg.name)?.value,
        colocateWith: args.find((arg) => arg.name === 'colocate_with')?.value,
      });
    }
  }
  return statements;
}

/** What makes the script disagree with the classification or Citus's order of creation. */
export function scriptViolations(
  script: ReturnType<typeof parseDistributionScript>,
  classified: Readonly<Record<string, Placement>>,
  catalog: Catalog,
): string[] {
  const problems: string[] = [];
  const position = new Map<string, number>();
  script.forEach((statement, index) => {
    if (position.has(statement.table)) problems.push(`${statement.table} is placed twice`);
    position.set(statement.table, index);
    const wanted = classified[statement.table];
    if (wanted !== statement.placement) {
      problems.push(`${statement.table} is made ${statement.placement}, classified ${wanted}`);
    }
  });
  for (const [table, placement] of Object.entries(classified)) {
    if (!position.has(table)) problems.push(`${table} (${placement}) is missing from the script`);
  }
  const distributed = script.filter((statement) => statement.placement === 'distributed');
  const anchor = distributed[0]?.table;
  for (const statement of distributed) {
    if (statement.column !== 'organization_id') {
      problems.push(`${statement.table} is not distributed by organization_id`);
    }
    const colocated =
      statement.table === anchor
        ? statement.colocateWith === undefined || statement.colocateWith === 'none'
        : statement.colocateWith === anchor;
    if (!colocated) problems.push(`${statement.table} is not co-located with ${anchor}`);
  }
  // A referenced table is placed before the tables that reference it.
  for (const key of catalog.foreignKeys) {
    if (key.table === key.references) continue;
    const from = position.get(key.table);
    const to = position.get(key.references);
    if (from !== undefined && to !== undefined && to > from) {
      problems.push(`${key.references} must be placed before ${key.table} (${key.name})`);
    }
  }
  return problems;
}

const scriptPath = fileURLToPath(new URL('../../../deploy/citus/distribute.sql', import.meta.url));

describe('distribution by school (Citus)', () => {
  const db = useTestDatabase();

  it('the migrated schema fits its classification', async () => {
    expect(distributionViolations(await readCatalog(db().db), placements)).toEqual([]);
  });

  it('deploy/citus/distribute.sql places exactly the classified tables, referenced ones first', async () => {
    const script = parseDistributionScript(readFileSync(scriptPath, 'utf8'));
    expect(scriptViolations(script, placements, await readCatalog(db().db))).toEqual([]);
  });

  it('catches a new table until it is classified, and a stale entry', async () => {
    await db().db.execute(sql`
      create table scratch_fees (
        id uuid primary key,
        organization_id uuid references organizations (id),
        code text not null unique
      )`);
    try {
      const catalog = await readCatalog(db().db);
      expect(distributionViolations(catalog, placements)).toEqual([
        'scratch_fees is not classified (distributed, reference or local)',
      ]);
      // Classified as a school's table, it breaks every rule a distributed table must keep.
      expect(
        distributionViolations(catalog, { ...placements, scratch_fees: 'distributed' }),
      ).toEqual([
        'scratch_fees.organization_id is nullable',
        'unique index scratch_fees_code_key of scratch_fees lacks organization_id',
        'primary key scratch_fees_pkey of scratch_fees lacks organization_id',
      ]);
      expect(distributionViolations(catalog, { ...placements, scratch_fees: 'reference' })).toEqual(
        [],
      );
    } finally {
      await db().db.execute(sql`drop table scratch_fees`);
    }
    const stale = distributionViolations(await readCatalog(db().db), {
      ...placements,
      gone_table: 'reference',
    });
    expect(stale).toEqual(['gone_table is classified but does not exist']);
  });

  it('catches foreign keys Citus refuses', async () => {
    const catalog = await readCatalog(db().db);
    const withKey = (key: Catalog['foreignKeys'][number]) => ({
      ...catalog,
      foreignKeys: [...catalog.foreignKeys, key],
    });
    // A payment's id alone, without its school.
    expect(
      distributionViolations(
        withKey({
          table: 'receipts',
          name: 'synthetic_payment_fk',
          references: 'payment_attempts',
          pairs: [['payment_id', 'id']],
        }),
        placements,
      ),
    ).toEqual([
      'foreign key synthetic_payment_fk (receipts → payment_attempts) does not map organization_id to organization_id',
    ]);
    // The school's column mapped to another column.
    expect(
      distributionViolations(
        withKey({
          table: 'receipts',
          name: 'synthetic_crossed_fk',
          references: 'payment_attempts',
          pairs: [
            ['organization_id', 'id'],
            ['payment_id', 'organization_id'],
          ],
        }),
        placements,
      ),
    ).toHaveLength(1);
    // Into a queue on the coordinator, and from a reference table into a school's table.
    expect(
      distributionViolations(
        withKey({
          table: 'workflow_sends',
          name: 'synthetic_message_fk',
          references: 'outbound_messages',
          pairs: [['outbound_message_id', 'id']],
        }),
        placements,
      ),
    ).toEqual([
      'foreign key synthetic_message_fk: distributed workflow_sends → local outbound_messages',
    ]);
    expect(
      distributionViolations(
        withKey({
          table: 'merchant_accounts',
          name: 'synthetic_school_fk',
          references: 'programmes',
          pairs: [['organization_id', 'organization_id']],
        }),
        placements,
      ),
    ).toEqual([
      'foreign key synthetic_school_fk: reference merchant_accounts → distributed programmes',
    ]);
  });

  it('catches a script that misses, misplaces or misorders a table', async () => {
    const catalog = await readCatalog(db().db);
    const script = parseDistributionScript(readFileSync(scriptPath, 'utf8'));
    const without = script.filter((statement) => statement.table !== 'receipts');
    expect(scriptViolations(without, placements, catalog)).toEqual([
      'receipts (distributed) is missing from the script',
    ]);
    const swapped = script.map((statement) =>
      statement.table === 'users' ? { table: 'users', placement: 'local' as const } : statement,
    );
    expect(scriptViolations(swapped, placements, catalog)).toEqual([
      'users is made local, classified reference',
    ]);
    const students = script.find((statement) => statement.table === 'students');
    const late = [...script.filter((statement) => statement !== students), students!];
    expect(scriptViolations(late, placements, catalog)).toEqual(
      expect.arrayContaining(['students must be placed before enrolments (enrolments_student_fk)']),
    );
    expect(
      parseDistributionScript(
        "select create_distributed_table('a', 'organization_id');\n" +
          "-- select create_reference_table('commented_out');\n" +
          "select create_distributed_table('b', 'organization_id', colocate_with => 'a');",
      ),
    ).toEqual([
      { table: 'a', placement: 'distributed', column: 'organization_id', colocateWith: undefined },
      { table: 'b', placement: 'distributed', column: 'organization_id', colocateWith: 'a' },
    ]);
  });
});
