import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/**
 * « Statistiques » read rollups, never the payments or invoices themselves (issue 20; decisions
 * 0025). The dimensions every filter of the screen needs: the programme and level the money was
 * for (the invoice's enrolment), the student's birth year (ages « atteints dans l'année »), the
 * payment source and provider, and the channel the payer came through.
 */

/**
 * One slice of money received: a payment's part on one invoice, the part it left as family
 * credit, or a refund (negative, on its own day). Rebuilt per payment by the refresh
 * (`refresh-rollups`), never edited elsewhere. `collection_months` is kept from these rows by
 * statement triggers (migration 0045), so a partial month is read here and whole months there.
 */
export const collectionFacts = pgTable(
  'collection_facts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    attemptId: uuid('attempt_id').notNull(),
    /** `invoice:<id>`, `credit`, `refund:<id>`: one row per slice of the payment. */
    slice: text('slice').notNull(),
    /** The school day the money came in (or went back). */
    day: date('day').notNull(),
    programmeId: uuid('programme_id'),
    levelId: uuid('level_id'),
    birthYear: smallint('birth_year'),
    /** `mobile_money`, `card`, `cash`, `cheque`, `transfer` (contracts' paymentSourceValues). */
    source: text('source').notNull(),
    /** The provider, or `desk`. */
    provider: text('provider').notNull(),
    /** `direct`, `referral`, `social`, `campaign`, `desk` (contracts' salesChannelValues). */
    channel: text('channel').notNull(),
    /** Francs, negative for a refund. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** 1 on the payment's first slice, so that a sum counts payments. */
    payments: integer('payments').notNull().default(0),
    /** Days from the invoice's due date to the payment (negative: early); null off an invoice. */
    lagDays: integer('lag_days'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.attemptId, table.slice] }),
    index('collection_facts_organization_day_idx').on(table.organizationId, table.day),
  ],
);

/** The school and month every month rollup is keyed by first. */
function schoolMonth() {
  return {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The month's first day. */
    month: date('month').notNull(),
  };
}

/** What every month rollup sums from `collection_facts` (the same trigger functions keep them). */
function monthSums() {
  return {
    slices: bigint('slices', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payments: bigint('payments', { mode: 'number' }).notNull(),
    /** Σ amount of the slices with a lag, and Σ amount × lag: the average days to pay. */
    laggedAmount: bigint('lagged_amount', { mode: 'number' }).notNull(),
    lagWeighted: bigint('lag_weighted', { mode: 'number' }).notNull(),
  };
}

/**
 * `collection_facts` summed per school, month and dimensions but the level (statement triggers,
 * migrations 0045 and 0049): read with an age filter. No money read is per level (per-level rates
 * come from `receivable_days`), so the level is left out: fewer rows per month.
 */
export const collectionMonths = pgTable(
  'collection_months',
  {
    ...schoolMonth(),
    programmeId: uuid('programme_id'),
    birthYear: smallint('birth_year'),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    ...monthSums(),
  },
  (table) => [
    unique('collection_months_key')
      .on(
        table.organizationId,
        table.month,
        table.programmeId,
        table.birthYear,
        table.source,
        table.provider,
        table.channel,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * `collection_facts` summed per school, month, programme, source, provider and channel (the same
 * statement triggers, migration 0049): every read without an age filter, a few rows per month.
 */
export const collectionMonthsByProgramme = pgTable(
  'collection_months_by_programme',
  {
    ...schoolMonth(),
    programmeId: uuid('programme_id'),
    source: text('source').notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    ...monthSums(),
  },
  (table) => [
    unique('collection_months_by_programme_key')
      .on(
        table.organizationId,
        table.month,
        table.programmeId,
        table.source,
        table.provider,
        table.channel,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * `collection_facts` summed per school, month, programme, birth year and channel (the same
 * statement triggers, migration 0052): every read with an age filter but neither source nor
 * provider, a few hundred rows a month where `collection_months` has thousands.
 */
export const collectionMonthsByAge = pgTable(
  'collection_months_by_age',
  {
    ...schoolMonth(),
    programmeId: uuid('programme_id'),
    birthYear: smallint('birth_year'),
    channel: text('channel').notNull(),
    ...monthSums(),
  },
  (table) => [
    unique('collection_months_by_age_key')
      .on(table.organizationId, table.month, table.programmeId, table.birthYear, table.channel)
      .nullsNotDistinct(),
  ],
);

/**
 * Invoices summed per school, due day and dimensions (few due days: a schedule's dates), with
 * what is paid and open now: collection rates, overdue and ageing. Rebuilt per due day by the
 * refresh.
 */
export const receivableDays = pgTable(
  'receivable_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    dueOn: date('due_on').notNull(),
    programmeId: uuid('programme_id'),
    levelId: uuid('level_id'),
    birthYear: smallint('birth_year'),
    invoices: integer('invoices').notNull(),
    /** Open (not fully paid) invoices among them. */
    openInvoices: integer('open_invoices').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    open: bigint('open', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('receivable_days_key')
      .on(table.organizationId, table.dueOn, table.programmeId, table.levelId, table.birthYear)
      .nullsNotDistinct(),
  ],
);

/** How far each school's rollups are built: the refresh reads what changed since. */
export const statisticsRefreshState = pgTable('statistics_refresh_state', {
  organizationId: uuid('organization_id')
    .notNull()
    .primaryKey()
    .references(() => organizations.id),
  /** Payments and refunds changed up to this instant are in `collection_facts`. */
  paymentsThrough: timestamp('payments_through', { withTimezone: true }),
  /** Invoices changed up to this instant are in `receivable_days`. */
  invoicesThrough: timestamp('invoices_through', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /**
   * Bumped by every rebuild of the school's payment slices or receivable rows (the outbox's
   * handlers too, which leave the watermarks alone): the cash forecast is kept until it moves.
   */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export type CollectionFactRow = typeof collectionFacts.$inferInsert;
