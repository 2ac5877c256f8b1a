import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';
import { organizations } from '../organizations/organizations.tables';

/**
 * The documents a school sends for its KYC (« connaissance client »): several uploads of one kind
 * may exist, the newest counts. The platform operator validates or refuses each one.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', {
      enum: ['statuts', 'autorisation', 'piece_identite', 'justificatif_bancaire'],
    }).notNull(),
    /** Stored name in the file storage folder `kyc` (key `kyc/<name>`). */
    storedFile: text('stored_file').notNull(),
    originalFileName: text('original_file_name').notNull(),
    mime: text('mime', { enum: ['application/pdf', 'image/jpeg', 'image/png'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: ['soumis', 'valide', 'refuse'] })
      .notNull()
      .default('soumis'),
    refusalReason: text('refusal_reason'),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // Serves « the newest upload of each kind ».
    index('kyc_documents_organization_kind_idx').on(
      table.organizationId,
      table.kind,
      table.uploadedAt,
    ),
    check(
      'kyc_documents_kind_check',
      sql`${table.kind} in ('statuts', 'autorisation', 'piece_identite', 'justificatif_bancaire')`,
    ),
    check('kyc_documents_status_check', sql`${table.status} in ('soumis', 'valide', 'refuse')`),
    check(
      'kyc_documents_mime_check',
      sql`${table.mime} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    check('kyc_documents_size_check', sql`${table.sizeBytes} > 0`),
  ],
);

/** Who the school's own notices go to and which ones it wants. One row per school (optional). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Where the school's notices go; null = its contact e-mail. */
    notificationEmail: text('notification_email'),
    admissionReceived: boolean('admission_received').notNull().default(true),
    kycReviewed: boolean('kyc_reviewed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId] })],
);

export type KycDocument = typeof kycDocuments.$inferSelect;
export type NotificationSettings = typeof notificationSettings.$inferSelect;
