import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffNotificationKindValues } from '@ecolage/contracts';
import { memberships } from '../access/access.tables';
import { organizations } from '../organizations/organizations.tables';

const kindList = staffNotificationKindValues.map((kind) => `'${kind}'`).join(', ');

/**
 * The bell's items: one row per recipient member (a payment received seen by four members is four
 * rows, each read on its own). `dedupe_key` makes every producer idempotent per member: the same
 * event handled twice, or the same week summarised by two processes, writes one row.
 */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: staffNotificationKindValues }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path of the admin app: `/admin/paiements?payment=<id>`, `/admin/etudiants/<id>`… */
    link: text('link').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // Only a member of the school receives its items (the database refuses anyone else).
    foreignKey({
      columns: [table.organizationId, table.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
      name: 'staff_notifications_membership_fk',
    }),
    uniqueIndex('staff_notifications_dedupe_key').on(
      table.organizationId,
      table.userId,
      table.dedupeKey,
    ),
    // The bell: a member's items, newest first.
    index('staff_notifications_member_created_idx').on(
      table.organizationId,
      table.userId,
      table.createdAt,
    ),
    // The badge: a member's unread items.
    index('staff_notifications_member_unread_idx')
      .on(table.organizationId, table.userId)
      .where(sql`${table.readAt} is null`),
    check('staff_notifications_kind_check', sql.raw(`kind in (${kindList})`)),
    check('staff_notifications_link_check', sql`${table.link} like '/admin%'`),
  ],
);

/**
 * A member's notification settings in one school (spec §3 « Notification setting »): the five
 * toggles by the spec's ids and where the e-mail copies go. No row = the defaults (the first three
 * on) and the login e-mail.
 */
export const memberNotificationPreferences = pgTable(
  'member_notification_preferences',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id').notNull(),
    /** nouvelle-vente: a payment the payer made online by themselves. */
    newSale: boolean('new_sale').notNull().default(true),
    /** nouvelle-inscription: an online pre-registration. */
    newAdmission: boolean('new_admission').notNull().default(true),
    /** paiement-recu: any payment received. */
    paymentReceived: boolean('payment_received').notNull().default(true),
    /** paiement-echoue: a payment refused, expired or cancelled. */
    paymentFailed: boolean('payment_failed').notNull().default(false),
    /** resume-hebdomadaire: the week's figures on Monday. */
    weeklySummary: boolean('weekly_summary').notNull().default(false),
    /** Where the e-mail copies go; null = the member's login e-mail. */
    notificationEmail: text('notification_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    foreignKey({
      columns: [table.organizationId, table.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
      name: 'member_notification_preferences_membership_fk',
    }),
  ],
);

export type StaffNotificationRow = typeof staffNotifications.$inferSelect;
export type MemberNotificationPreferencesRow = typeof memberNotificationPreferences.$inferSelect;
