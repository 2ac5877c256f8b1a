import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from '../marketing/campaigns/campaigns.tables';
import { organizations } from '../organizations/organizations.tables';
import { levels, programmes } from '../programmes/programmes.tables';
import { students } from '../students/students.tables';

/**
 * An online pre-registration (`/inscription/<school-slug>`): what the applicant typed, the student
 * « En attente » it created, and the school's decision.
 */
export const admissions = pgTable(
  'admissions',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentId: uuid('student_id').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    country: text('country').notNull(),
    programmeId: uuid('programme_id').notNull(),
    levelId: uuid('level_id').notNull(),
    status: text('status', { enum: ['submitted', 'accepted', 'refused'] })
      .notNull()
      .default('submitted'),
    refusalReason: text('refusal_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ip: text('ip'),
    /**
     * The campaign the request is attributed to (marketing: the last touch of its links within 30
     * days, kept by the browser and verified at submission), and when that touch was.
     */
    campaignId: uuid('campaign_id'),
    campaignTouchedAt: timestamp('campaign_touched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'admissions_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.programmeId],
      foreignColumns: [programmes.organizationId, programmes.id],
      name: 'admissions_programme_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.levelId],
      foreignColumns: [levels.organizationId, levels.id],
      name: 'admissions_level_fk',
    }),
    // Admissions is downstream of marketing (decisions/0015): it may name a campaign.
    foreignKey({
      columns: [table.organizationId, table.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
      name: 'admissions_campaign_fk',
    }),
    // A campaign's conversions (marketing's results, through the CampaignRegistrations port).
    index('admissions_organization_campaign_idx')
      .on(table.organizationId, table.campaignId, table.createdAt)
      .where(sql`${table.campaignId} is not null`),
    index('admissions_organization_status_idx').on(
      table.organizationId,
      table.status,
      table.createdAt,
    ),
  ],
);

export type AdmissionRow = typeof admissions.$inferSelect;

/**
 * The school's online pre-registration (« Pages »): open or closed, and which programmes the form
 * offers. No row: open, every programme.
 */
export const admissionSettings = pgTable('admission_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  open: boolean('open').notNull().default(true),
  /** The programmes offered; null: every active programme (also those created later). */
  programmeIds: uuid('programme_ids').array(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AdmissionSettingsRow = typeof admissionSettings.$inferSelect;
