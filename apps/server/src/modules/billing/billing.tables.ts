import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { academicYears } from '../programmes/programmes.tables';
import { enrolments, guardians, students } from '../students/students.tables';

/** A school's billing rules: due day of monthly instalments, sibling discount, late fees. */
export const billingSettings = pgTable('billing_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  monthlyDueDay: integer('monthly_due_day').notNull().default(5),
  siblingDiscountEnabled: boolean('sibling_discount_enabled').notNull().default(false),
  siblingSecondPercent: integer('sibling_second_percent').notNull().default(10),
  siblingThirdPercent: integer('sibling_third_percent').notNull().default(15),
  lateFeeEnabled: boolean('late_fee_enabled').notNull().default(false),
  lateFeeGraceDays: integer('late_fee_grace_days').notNull().default(15),
  lateFeeKind: text('late_fee_kind', { enum: ['fixed', 'percent'] })
    .notNull()
    .default('fixed'),
  lateFeeValue: bigint('late_fee_value', { mode: 'number' }).notNull().default(0),
  lateFeeCap: bigint('late_fee_cap', { mode: 'number' }).notNull().default(0),
  /** Online payers may pay an amount rather than whole invoices, of at least the minimum. */
  onlinePartialAllowed: boolean('online_partial_allowed').notNull().default(false),
  onlineMinimumAmount: bigint('online_minimum_amount', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last invoice number given per school and calendar year: numbers are gap-free. */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.year] })],
);

export const invoiceStatuses = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** `ST-2026-0001`, given when the invoice is issued; null for a draft. */
    number: text('number'),
    studentId: uuid('student_id').notNull(),
    enrolmentId: uuid('enrolment_id'),
    academicYearId: uuid('academic_year_id'),
    /** Which item of the level's schedule this invoice bills: enrolling twice bills once. */
    scheduleKey: text('schedule_key'),
    label: text('label').notNull(),
    dueOn: date('due_on').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    /** Sum of the lines, kept by every line insert. */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    /** Sum of the allocations (payments, credit). */
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    voidedBy: text('voided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('invoices_organization_number_key').on(table.organizationId, table.number),
    uniqueIndex('invoices_enrolment_schedule_key').on(
      table.organizationId,
      table.enrolmentId,
      table.scheduleKey,
    ),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'invoices_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.enrolmentId],
      foreignColumns: [enrolments.organizationId, enrolments.id],
      name: 'invoices_enrolment_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.academicYearId],
      foreignColumns: [academicYears.organizationId, academicYears.id],
      name: 'invoices_academic_year_fk',
    }),
    index('invoices_organization_student_idx').on(table.organizationId, table.studentId),
    // Serves the invoices export's keyset pages (due date, number, id).
    index('invoices_organization_due_number_idx').on(
      table.organizationId,
      table.dueOn,
      sql`coalesce(${table.number}, '')`,
      table.id,
    ),
    index('invoices_organization_status_due_idx').on(
      table.organizationId,
      table.status,
      table.dueOn,
    ),
    check('invoices_amounts_check', sql`${table.total} >= 0 and ${table.paid} >= 0`),
    check(
      'invoices_status_check',
      sql`${table.status} in ('draft', 'open', 'partially_paid', 'paid', 'void')`,
    ),
    check(
      'invoices_number_when_issued_check',
      sql`(${table.status} = 'draft') = (${table.number} is null) or ${table.status} = 'void'`,
    ),
  ],
);

export const invoiceLineKinds = [
  'registration',
  'tuition',
  'fee',
  'scholarship',
  'sibling_discount',
  'late_fee',
  'late_fee_waiver',
  'coupon',
] as const;

/** What an invoice bills: fees are positive, discounts negative; lines are never edited. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: uuid('invoice_id').notNull(),
    kind: text('kind', { enum: invoiceLineKinds }).notNull(),
    label: text('label').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * Makes automatic lines idempotent: `scholarship:<id>`, `late:2026-11`, `waive:<line id>`,
     * `coupon:<coupon id>` (a coupon once per invoice).
     */
    sourceKey: text('source_key'),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
      name: 'invoice_lines_invoice_fk',
    }),
    index('invoice_lines_invoice_idx').on(table.organizationId, table.invoiceId),
    uniqueIndex('invoice_lines_source_key').on(
      table.organizationId,
      table.invoiceId,
      table.sourceKey,
    ),
    // Finds the lines of one scholarship across a year's invoices.
    index('invoice_lines_source_idx')
      .on(table.organizationId, table.sourceKey)
      .where(sql`${table.sourceKey} is not null`),
  ],
);

/** Money applied to an invoice: a payment (issue 5) or the family's credit. */
export const invoiceAllocations = pgTable(
  'invoice_allocations',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    invoiceId: uuid('invoice_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    sourceType: text('source_type', { enum: ['payment', 'credit'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
      name: 'invoice_allocations_invoice_fk',
    }),
    index('invoice_allocations_invoice_idx').on(table.organizationId, table.invoiceId),
    index('invoice_allocations_source_idx').on(table.organizationId, table.sourceId),
    check('invoice_allocations_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * The family's credit (what a guardian paid beyond the invoices, then used by the next ones), one
 * signed row per fact: + the rest of a payment, − an allocation of credit. Billing's own record of
 * the credit, as `invoices.paid` is of the payments: `npm run ledger:check` compares its sums with
 * the ledger's account 4191 (the balance people see comes from the ledger).
 */
export const familyCreditMovements = pgTable(
  'family_credit_movements',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    guardianId: uuid('guardian_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** `payment`: the rest of a payment (source = payment id); `allocation`: credit used. */
    sourceType: text('source_type', { enum: ['payment', 'allocation'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'family_credit_movements_guardian_fk',
    }),
    uniqueIndex('family_credit_movements_source_key').on(
      table.organizationId,
      table.sourceType,
      table.sourceId,
    ),
    index('family_credit_movements_guardian_idx').on(table.organizationId, table.guardianId),
    check('family_credit_movements_amount_check', sql`${table.amount} <> 0`),
    check(
      'family_credit_movements_source_type_check',
      sql`${table.sourceType} in ('payment', 'allocation')`,
    ),
  ],
);

export const scholarshipStatuses = ['recommended', 'granted', 'refused'] as const;

/** A bourse for a student and a year: percent of tuition or a fixed amount, decided by someone. */
export const scholarships = pgTable(
  'scholarships',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentId: uuid('student_id').notNull(),
    academicYearId: uuid('academic_year_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: scholarshipStatuses }).notNull().default('recommended'),
    recommendedBy: text('recommended_by').notNull(),
    /** The member who recommended (null for the demo data and rows older than issue 21). */
    recommendedByUserId: uuid('recommended_by_user_id'),
    decidedBy: text('decided_by'),
    /** The member who granted or refused: never the one who recommended. */
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was refused (required for a refusal). */
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'scholarships_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.academicYearId],
      foreignColumns: [academicYears.organizationId, academicYears.id],
      name: 'scholarships_academic_year_fk',
    }),
    index('scholarships_organization_student_idx').on(table.organizationId, table.studentId),
    index('scholarships_organization_status_idx').on(table.organizationId, table.status),
    check('scholarships_value_check', sql`${table.value} > 0`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type ScholarshipRow = typeof scholarships.$inferSelect;
export type BillingSettingsRow = typeof billingSettings.$inferSelect;
