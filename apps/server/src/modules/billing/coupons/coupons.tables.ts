import {
  couponKindValues,
  couponRedemptionChannelValues,
  couponRedemptionStatusValues,
  couponScopeValues,
} from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { organizations } from '../../organizations/organizations.tables';
import { levels, programmes } from '../../programmes/programmes.tables';
import { guardians, students } from '../../students/students.tables';
import { invoiceLines, invoices } from '../billing.tables';

/**
 * A promotional code of a school (« Marketing » › Coupons): a percent or a fixed amount off one
 * invoice, within its days and its limits. Its status (actif, expiré, épuisé, désactivé) is derived
 * from these columns and its redemptions, never stored.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Stored upper-cased; unique per school whatever the case typed. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: couponKindValues }).notNull(),
    /** Percent (1–100) or francs, according to `kind`. */
    value: bigint('value', { mode: 'number' }).notNull(),
    scope: text('scope', { enum: couponScopeValues }).notNull(),
    programmeId: uuid('programme_id'),
    levelId: uuid('level_id'),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    /** Uses in all (reserved + applied); null = no limit. */
    maxUses: integer('max_uses'),
    /** Uses per family (the paying guardian); null = no limit. */
    maxUsesPerFamily: integer('max_uses_per_family'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('coupons_organization_code_key').on(
      table.organizationId,
      sql`upper(${table.code})`,
    ),
    foreignKey({
      columns: [table.organizationId, table.programmeId],
      foreignColumns: [programmes.organizationId, programmes.id],
      name: 'coupons_programme_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.levelId],
      foreignColumns: [levels.organizationId, levels.id],
      name: 'coupons_level_fk',
    }),
    index('coupons_organization_created_idx').on(table.organizationId, table.createdAt),
    check('coupons_kind_check', sql`${table.kind} in ('percent', 'fixed')`),
    check(
      'coupons_scope_check',
      sql`${table.scope} in ('all', 'programme', 'level', 'registration')`,
    ),
    check(
      'coupons_value_check',
      sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`,
    ),
    check('coupons_validity_check', sql`${table.validUntil} >= ${table.validFrom}`),
    check(
      'coupons_scope_target_check',
      sql`(${table.scope} <> 'programme' or ${table.programmeId} is not null) and (${table.scope} <> 'level' or ${table.levelId} is not null)`,
    ),
    check(
      'coupons_limits_check',
      sql`coalesce(${table.maxUses}, 1) >= 1 and coalesce(${table.maxUsesPerFamily}, 1) >= 1`,
    ),
  ],
);

/**
 * One use of a coupon: `reserved` by a pre-registration not yet accepted (it counts towards the
 * limits), `applied` as a discount line of one invoice, or `released` (a refused pre-registration,
 * or nothing left to discount at acceptance). Rows are never deleted: the usage list shows them all.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    couponId: uuid('coupon_id').notNull(),
    studentId: uuid('student_id').notNull(),
    /** The family (paying guardian) the per-family limit counts; null when the student has none. */
    guardianId: uuid('guardian_id'),
    /** Null while reserved (no invoice yet). */
    invoiceId: uuid('invoice_id'),
    /** The pre-registration holding the use (admissions' row; no foreign key: admissions is downstream). */
    admissionId: uuid('admission_id'),
    lineId: uuid('line_id'),
    /** Francs deducted (0 until applied). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    channel: text('channel', { enum: couponRedemptionChannelValues }).notNull(),
    status: text('status', { enum: couponRedemptionStatusValues }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.couponId],
      foreignColumns: [coupons.organizationId, coupons.id],
      name: 'coupon_redemptions_coupon_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'coupon_redemptions_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'coupon_redemptions_guardian_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
      name: 'coupon_redemptions_invoice_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.lineId],
      foreignColumns: [invoiceLines.organizationId, invoiceLines.id],
      name: 'coupon_redemptions_line_fk',
    }),
    index('coupon_redemptions_coupon_idx').on(
      table.organizationId,
      table.couponId,
      table.createdAt,
    ),
    index('coupon_redemptions_invoice_idx')
      .on(table.organizationId, table.invoiceId)
      .where(sql`${table.invoiceId} is not null`),
    // One held or applied use per pre-registration.
    uniqueIndex('coupon_redemptions_admission_key')
      .on(table.organizationId, table.admissionId)
      .where(sql`${table.admissionId} is not null and ${table.status} <> 'released'`),
    // The same coupon never twice on one invoice.
    uniqueIndex('coupon_redemptions_coupon_invoice_key')
      .on(table.organizationId, table.couponId, table.invoiceId)
      .where(sql`${table.status} = 'applied'`),
    check('coupon_redemptions_amount_check', sql`${table.amount} >= 0`),
    check(
      'coupon_redemptions_status_check',
      sql`${table.status} in ('reserved', 'applied', 'released')`,
    ),
    check(
      'coupon_redemptions_channel_check',
      sql`${table.channel} in ('pre_registration', 'payment_link', 'pay_page', 'desk')`,
    ),
    check(
      'coupon_redemptions_applied_check',
      sql`${table.status} <> 'applied' or (${table.invoiceId} is not null and ${table.lineId} is not null)`,
    ),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type CouponRedemptionRow = typeof couponRedemptions.$inferSelect;
