import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  campaignAudienceValues,
  campaignChannelValues,
  campaignDestinationValues,
} from '@ecolage/contracts';
import { organizations } from '../../organizations/organizations.tables';
import { shortLinks } from '../../messaging/short-links/short-links.tables';

/**
 * A marketing campaign. Its status is never stored: ended (past `ends_on`), completed (spend
 * reached the budget), paused (`paused_at`) or active, derived against the school's today.
 * `code` is the `utm_campaign` tag of its links (a slug of the name and a short suffix).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    channel: text('channel', { enum: campaignChannelValues }).notNull(),
    budget: bigint('budget', { mode: 'number' }).notNull(),
    spend: bigint('spend', { mode: 'number' }).notNull().default(0),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    destination: text('destination', { enum: campaignDestinationValues }).notNull(),
    /** E-mail campaigns: the subject; e-mail and SMS: the text (`{lien}` = its first link). */
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    audience: text('audience', { enum: campaignAudienceValues }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('campaigns_organization_code_key').on(table.organizationId, table.code),
    // The list: newest first within a school.
    index('campaigns_organization_created_idx').on(table.organizationId, table.createdAt),
    check('campaigns_budget_check', sql`${table.budget} >= 0`),
    check('campaigns_spend_check', sql`${table.spend} >= 0`),
    check('campaigns_dates_check', sql`${table.endsOn} >= ${table.startsOn}`),
    check(
      'campaigns_channel_check',
      sql`${table.channel} in ('facebook', 'google_ads', 'email', 'sms', 'poster')`,
    ),
    check(
      'campaigns_destination_check',
      sql`${table.destination} in ('pre_registration', 'pay_page')`,
    ),
    check(
      'campaigns_audience_check',
      sql`${table.audience} is null or ${table.audience} in ('guardians', 'subscribers')`,
    ),
  ],
);

/**
 * A tracking link of a campaign: our short link `/s/<code>` to the pre-registration form or the
 * pay page with the campaign's `utm_*` tags (`utm_content` = this row's id).
 */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    campaignId: uuid('campaign_id').notNull(),
    label: text('label').notNull(),
    destination: text('destination', { enum: campaignDestinationValues }).notNull(),
    shortLinkCode: text('short_link_code').notNull(),
    /** The short link's target: `/inscription/<slug>?utm_source=…` or `/payer/<slug>?…`. */
    targetPath: text('target_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.campaignId],
      foreignColumns: [campaigns.organizationId, campaigns.id],
      name: 'campaign_links_campaign_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.shortLinkCode],
      foreignColumns: [shortLinks.organizationId, shortLinks.code],
      name: 'campaign_links_short_link_fk',
    }),
    index('campaign_links_organization_campaign_idx').on(
      table.organizationId,
      table.campaignId,
      table.createdAt,
    ),
    check(
      'campaign_links_destination_check',
      sql`${table.destination} in ('pre_registration', 'pay_page')`,
    ),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignLinkRow = typeof campaignLinks.$inferSelect;
