import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { paymentAttempts } from '../payments/payments.tables';
import { guardians, students } from '../students/students.tables';

/**
 * A payment link `/payer/l/<id>.<signature>`: opens, without an account, a guardian's open
 * invoices (or one student's). The id is random and short (SMS); the signature (HMAC of the id)
 * refuses a tampered link before the database is asked. Links expire and can be revoked.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    guardianId: uuid('guardian_id').notNull(),
    /** The link shows only this student's invoices; null: all the guardian's children. */
    studentId: uuid('student_id'),
    purpose: text('purpose', {
      enum: ['message', 'qr', 'code', 'admission', 'staff'],
    }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'payment_links_guardian_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'payment_links_student_fk',
    }),
    index('payment_links_organization_guardian_idx').on(table.organizationId, table.guardianId),
  ],
);

/**
 * Which school a payment link's id belongs to: the address carries the id alone, and 71 random bits
 * are too few to trust chance for uniqueness. The key here keeps ids unique across schools (the
 * link's own key leads with its school, so that `payment_links` can be distributed by school, when
 * this small table is copied to every node). Written with the link, in the same transaction.
 */
export const paymentLinkIds = pgTable('payment_link_ids', {
  id: text('id').notNull().primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
});

/**
 * A one-time code asked for on the school's pay page. A row is written whether or not the
 * matricule and phone match (no enumeration): without a match it has no guardian and can never be
 * confirmed. Only the code's hash is kept.
 */
export const payerCodes = pgTable(
  'payer_codes',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** As typed (upper-cased): rate limits count per matricule too. */
    matricule: text('matricule').notNull(),
    /** E.164 when it parses, else as typed. */
    phone: text('phone').notNull(),
    studentId: uuid('student_id'),
    guardianId: uuid('guardian_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('payer_codes_organization_phone_idx').on(
      table.organizationId,
      table.phone,
      table.createdAt,
    ),
    index('payer_codes_organization_matricule_idx').on(
      table.organizationId,
      table.matricule,
      table.createdAt,
    ),
    check('payer_codes_attempts_check', sql`${table.attempts} >= 0`),
  ],
);

/** Which link a payment was started from: the waiting screen's « Réessayer » goes back to it. */
export const paymentLinkAttempts = pgTable(
  'payment_link_attempts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    attemptId: uuid('attempt_id').notNull(),
    linkId: text('link_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.attemptId] }),
    foreignKey({
      columns: [table.organizationId, table.attemptId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'payment_link_attempts_attempt_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.linkId],
      foreignColumns: [paymentLinks.organizationId, paymentLinks.id],
      name: 'payment_link_attempts_link_fk',
    }),
  ],
);

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;
export type PayerCodeRow = typeof payerCodes.$inferSelect;
