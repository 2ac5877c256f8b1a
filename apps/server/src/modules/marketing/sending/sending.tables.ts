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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { schoolSubscriberSourceValues } from '@ecolage/contracts';
import { organizations } from '../../organizations/organizations.tables';
import { campaigns } from '../campaigns/campaigns.tables';

export type SchoolSubscriberSource = (typeof schoolSubscriberSourceValues)[number];

/**
 * The school's news subscribers (« Recevoir les nouvelles de l'école »): one row per school and
 * e-mail or phone, with the consent's time and where it was given. Staff removing one sets
 * `unsubscribed_at`; subscribing again clears it (a new consent, dated anew). A recipient's
 * opt-out by a message's link is messaging's (`message_opt_outs`, category `marketing`) and is
 * asked at every sending.
 */
export const marketingSubscribers = pgTable(
  'marketing_subscribers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: uuid('id').notNull().defaultRandom(),
    /** Lower-cased; null when only a phone was given. */
    email: text('email'),
    /** E.164; null when only an e-mail was given. */
    phone: text('phone'),
    name: text('name').notNull().default(''),
    source: text('source', { enum: schoolSubscriberSourceValues }).notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // Subscribing again with the same address or number finds the same row.
    uniqueIndex('marketing_subscribers_email_key')
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`${table.email} is not null`),
    uniqueIndex('marketing_subscribers_phone_key')
      .on(table.organizationId, table.phone)
      .where(sql`${table.phone} is not null`),
    // Staff's list, newest first.
    index('marketing_subscribers_organization_subscribed_idx').on(
      table.organizationId,
      table.subscribedAt,
    ),
    check(
      'marketing_subscribers_contact_check',
      sql`${table.email} is not null or ${table.phone} is not null`,
    ),
    check(
      'marketing_subscribers_source_check',
      sql`${table.source} in ('pre_registration', 'form')`,
    ),
  ],
);

export type MarketingSubscriber = typeof marketingSubscribers.$inferSelect;

/**
 * An e-mail or SMS campaign's one sending (« Envoyer »): written with its queued messages in one
 * transaction, under the campaign's row lock, so a campaign is never sent twice. `recipients` are
 * the messages queued, `opted_out` the recipients skipped for their opt-out of the school's news.
 * Its messages carry the dedupe key `campaign:<campaignId>:<recipient>` (delivery figures).
 */
export const campaignSendings = pgTable(
  'campaign_sendings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    campaignId: uuid('campaign_id').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    audience: text('audience', { enum: ['guardians', 'subscribers'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member who sent it (user id). */
    sentBy: text('sent_by').notNull(),
    recipients: integer('recipients').notNull(),
    optedOut: integer('opted_out').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.campaignId] }),
    foreignKey({
      columns: [table.organizationId, table.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
      name: 'campaign_sendings_campaign_fk',
    }),
    check('campaign_sendings_channel_check', sql`${table.channel} in ('email', 'sms')`),
    check(
      'campaign_sendings_audience_check',
      sql`${table.audience} in ('guardians', 'subscribers')`,
    ),
    check(
      'campaign_sendings_counts_check',
      sql`${table.recipients} >= 0 and ${table.optedOut} >= 0`,
    ),
  ],
);

export type CampaignSendingRow = typeof campaignSendings.$inferSelect;
