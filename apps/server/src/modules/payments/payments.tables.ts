import { paymentStatusValues, reviewReasonValues } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { guardians } from '../students/students.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * One try to collect money from a payer through a provider. Saved before the provider is called;
 * its id is the reference the provider carries (MTN X-Reference-Id, Orange order_id, …).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    guardianId: uuid('guardian_id').notNull(),
    provider: text('provider').notNull(),
    wallet: text('wallet').notNull(),
    payerPhone: text('payer_phone'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('XOF'),
    status: text('status', { enum: paymentStatusValues }).notNull().default('initiated'),
    /** Invoices the payer chose; empty: the oldest due first. */
    invoiceIds: uuid('invoice_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    providerRef: text('provider_ref'),
    providerTxnId: text('provider_txn_id'),
    /** Secrets the provider handed back (Orange notif_token): never leave the server. */
    providerSecrets: jsonb('provider_secrets').$type<{ notifToken?: string }>(),
    nextAction: jsonb('next_action').$type<Record<string, string>>(),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    /** Succeeded after we had closed it (expired, failed, cancelled): honoured and flagged. */
    lateSuccess: boolean('late_success').notNull().default(false),
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    /** Paid back so far (refunds succeeded). */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    /** The cash desk session that recorded it (provider `desk`). */
    cashSessionId: uuid('cash_session_id'),
    createdBy: text('created_by').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** When the reconciliation poller asks the provider next; null once nothing is expected. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkCount: integer('check_count').notNull().default(0),
    /** Expired attempts are still watched for late successes until then (72 h). */
    watchUntil: timestamp('watch_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The school leads the key, so the table can be distributed by school (db-distribution).
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'payment_attempts_guardian_fk',
    }),
    // (organization_id, cash_session_id) → cash_sessions: the cash desk, downstream, declares this
    // foreign key in its own migration (0016_foreign_keys_of_downstream_tables.sql, decisions/0015).
    index('payment_attempts_provider_ref_idx').on(table.provider, table.providerRef),
    // Reconciliation: a statement line of a shared account naming another school's payment.
    index('payment_attempts_provider_txn_idx')
      .on(table.provider, table.providerTxnId)
      .where(sql`${table.providerTxnId} is not null`),
    index('payment_attempts_organization_created_idx').on(table.organizationId, table.createdAt),
    // « Paiements » filters by status or provider (« Caisse »), newest first; the dashboard sums by success day.
    index('payment_attempts_organization_status_created_idx').on(
      table.organizationId,
      table.status,
      table.createdAt,
    ),
    index('payment_attempts_organization_provider_created_idx').on(
      table.organizationId,
      table.provider,
      table.createdAt,
    ),
    // The « PSP » filter: a wallet paid with online, newest first.
    index('payment_attempts_organization_wallet_created_idx').on(
      table.organizationId,
      table.wallet,
      table.createdAt,
    ),
    index('payment_attempts_organization_succeeded_idx')
      .on(table.organizationId, table.succeededAt)
      .where(sql`${table.succeededAt} is not null`),
    index('payment_attempts_organization_session_idx')
      .on(table.organizationId, table.cashSessionId)
      .where(sql`${table.cashSessionId} is not null`),
    index('payment_attempts_organization_guardian_idx').on(table.organizationId, table.guardianId),
    index('payment_attempts_next_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    check('payment_attempts_amount_check', sql`${table.amount} > 0`),
    check(
      'payment_attempts_refunded_check',
      sql`${table.refundedAmount} >= 0 and ${table.refundedAmount} <= ${table.amount}`,
    ),
  ],
);

/**
 * The invoices an attempt is collecting for. While the attempt is active its rows are `active`,
 * and the partial unique index keeps a second attempt for the same invoice and payer out.
 */
export const paymentAttemptInvoices = pgTable(
  'payment_attempt_invoices',
  {
    organizationId: uuid('organization_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    studentId: uuid('student_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.attemptId, table.invoiceId] }),
    foreignKey({
      columns: [table.organizationId, table.attemptId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'payment_attempt_invoices_attempt_fk',
    }),
    uniqueIndex('payment_attempt_invoices_one_active_key')
      .on(table.organizationId, table.invoiceId, table.guardianId)
      .where(sql`${table.active}`),
    index('payment_attempt_invoices_student_idx').on(table.organizationId, table.studentId),
  ],
);

/** The timeline of an attempt: every state it entered, why, and from which provider event. */
export const paymentTransitions = pgTable(
  'payment_transitions',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** initiation, webhook, poll, refresh, expiry. */
    cause: text('cause').notNull(),
    providerStatus: text('provider_status'),
    eventId: uuid('event_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.attemptId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'payment_transitions_attempt_fk',
    }),
    index('payment_transitions_attempt_idx').on(table.organizationId, table.attemptId, table.id),
  ],
);

/**
 * Every notification a provider sent, as received (headers and raw bytes), stored before anything
 * else happens. `dedupeKey` is unique per provider: a retried delivery is stored once. Rows whose
 * `processedAt` is null are the workers' queue, each event claimed by one worker at a time.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').notNull().primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    organizationId: uuid('organization_id'),
    attemptId: uuid('attempt_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    rawBody: bytea('raw_body').notNull(),
    authenticity: text('authenticity').notNull(),
    authFailure: text('auth_failure'),
    hintedStatus: text('hinted_status'),
    eventType: text('event_type'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** applied, unchanged, flagged, deferred. */
    outcome: text('outcome'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The lease of the worker processing it: until then no other worker takes it. A worker killed
     * mid-batch leaves its lease to run out, and the event is taken over.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('provider_events_dedupe_key').on(table.provider, table.dedupeKey),
    index('provider_events_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
    index('provider_events_attempt_idx').on(table.attemptId),
  ],
);

/** Provider events and payments that wait for a person: never applied silently, never dropped. */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: uuid('id').notNull().primaryKey().defaultRandom(),
    /** Null when the event names no payment of any school (the platform's operators look). */
    organizationId: uuid('organization_id'),
    reason: text('reason', { enum: reviewReasonValues }).notNull(),
    provider: text('provider').notNull(),
    eventId: uuid('event_id').references(() => providerEvents.id),
    /**
     * No foreign key to the payment: reviews are a platform queue kept on the coordinator when the
     * schools are distributed, and such a table cannot reference a distributed one (db-distribution).
     */
    attemptId: uuid('attempt_id'),
    expectedAmount: bigint('expected_amount', { mode: 'number' }),
    reportedAmount: bigint('reported_amount', { mode: 'number' }),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    resolutionNote: text('resolution_note'),
  },
  (table) => [
    // One review per event and reason, and one per attempt and reason (polls repeat themselves).
    uniqueIndex('payment_reviews_event_reason_key')
      .on(table.eventId, table.reason)
      .where(sql`${table.eventId} is not null`),
    uniqueIndex('payment_reviews_attempt_reason_key')
      .on(table.attemptId, table.reason)
      .where(sql`${table.eventId} is null`),
    index('payment_reviews_organization_open_idx').on(
      table.organizationId,
      table.resolvedAt,
      table.createdAt,
    ),
  ],
);

/**
 * `Idempotency-Key` of `POST /api/payments` (Stripe's semantics): the same key with the same body
 * answers with the same payment; with another body, 422.
 */
export const paymentIdempotencyKeys = pgTable(
  'payment_idempotency_keys',
  {
    organizationId: uuid('organization_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.key] }),
    foreignKey({
      columns: [table.organizationId, table.attemptId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'payment_idempotency_keys_attempt_fk',
    }),
  ],
);

/**
 * Money given back on a succeeded payment: through the provider's refund API (`provider`) or
 * recorded as done by hand (`manual`). `pending` until the provider confirms; the payment's
 * `refunded_amount` and the reversing ledger posting follow a refund that `succeeded`.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    attemptId: uuid('attempt_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    method: text('method', { enum: ['provider', 'manual'] }).notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    requestedBy: text('requested_by').notNull(),
    requestedByUserId: uuid('requested_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the poller asks the provider next while `pending`. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.attemptId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'payment_refunds_attempt_fk',
    }),
    index('payment_refunds_attempt_idx').on(table.organizationId, table.attemptId),
    index('payment_refunds_next_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.nextCheckAt} is not null`),
    // One refund in flight per payment at a time.
    uniqueIndex('payment_refunds_one_pending_key')
      .on(table.organizationId, table.attemptId)
      .where(sql`${table.status} = 'pending'`),
    check('payment_refunds_amount_check', sql`${table.amount} > 0`),
    check('payment_refunds_method_check', sql`${table.method} in ('provider', 'manual')`),
    check(
      'payment_refunds_status_check',
      sql`${table.status} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);

export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type ProviderEventRow = typeof providerEvents.$inferSelect;
export type PaymentReviewRow = typeof paymentReviews.$inferSelect;
