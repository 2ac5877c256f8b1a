import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/**
 * Cookie-less analytics of the school's public pages (issue 20; research accounting-analytics
 * §6, Plausible's method): a visitor is a salted hash of its browser and address, the salt changes
 * every day, so nothing identifies a person and nothing follows them from one day to the next.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const PAGES = sql.raw(`('paiement', 'lien', 'inscription', 'recu')`);
const CHANNELS = sql.raw(`('direct', 'referral', 'social', 'campaign')`);

/**
 * The salts of the visitor ids (platform-wide): 16 random bytes each, the newest is « current »,
 * the one before « previous » (a visit under way at the rotation continues). Rotated every night,
 * deleted after 48 hours; never logged nor exported.
 */
export const visitSalts = pgTable(
  'visit_salts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    salt: bytea('salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('visit_salts_created_idx').on(table.createdAt),
    check('visit_salts_salt_length_check', sql`octet_length(${table.salt}) = 16`),
  ],
);

/**
 * One visit of a school's public pages: events of a visitor (same salted id) no more than 30
 * minutes apart. The referrer is kept as its host only; the address and the browser only ever fed
 * the hash.
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** HMAC-SHA256(salt, browser \0 address \0 school) truncated to a signed 64-bit integer. */
    visitorId: bigint('visitor_id', { mode: 'bigint' }).notNull(),
    /** The school day the visit started (the school's time zone). */
    day: date('day').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    pageviews: integer('pageviews').notNull().default(0),
    /** Seconds from the first event to the last. */
    durationS: integer('duration_s').notNull().default(0),
    /** One page seen and no interaction (yet). */
    isBounce: boolean('is_bounce').notNull().default(true),
    entryPage: text('entry_page').notNull(),
    channel: text('channel').notNull(),
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The visitor pre-registered, or paid (once the payment succeeded), during this visit. */
    converted: boolean('converted').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // Finding the visit under way of a visitor (current or previous salt's id).
    index('page_visits_visitor_idx').on(table.organizationId, table.visitorId, table.lastAt),
    // The school's visits of a day (the rollup's first-visit-of-the-day checks, exports).
    index('page_visits_day_idx').on(table.organizationId, table.day),
    // A campaign's visits (marketing's reach, engagement and payments through its links).
    index('page_visits_campaign_idx')
      .on(table.organizationId, table.utmCampaign, table.day)
      .where(sql`${table.utmCampaign} is not null`),
    check('page_visits_entry_page_check', sql`${table.entryPage} in ${PAGES}`),
    check('page_visits_channel_check', sql`${table.channel} in ${CHANNELS}`),
    check('page_visits_counts_check', sql`${table.pageviews} >= 0 and ${table.durationS} >= 0`),
  ],
);

/**
 * The school's traffic per day and channel, kept in the same transaction as each event, so that a
 * year of traffic is a sum over at most 366 × 4 rows. A visitor counts once per day, in the
 * channel of its first visit that day; a conversion once per visitor and day, in that channel too.
 */
export const pageVisitDays = pgTable(
  'page_visit_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: date('day').notNull(),
    channel: text('channel').notNull(),
    visitors: integer('visitors').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
    durationS: bigint('duration_s', { mode: 'number' }).notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.channel] }),
    check('page_visit_days_channel_check', sql`${table.channel} in ${CHANNELS}`),
  ],
);

/**
 * A payment started from a public page: the visit it came from and that visit's channel. The
 * visit converts when the payment succeeds (`payment.succeeded`); « Statistiques » reads the
 * channel of the money from here.
 */
export const visitPayments = pgTable(
  'visit_payments',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    attemptId: uuid('attempt_id').notNull(),
    visitId: bigint('visit_id', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.attemptId] }),
    index('visit_payments_visit_idx').on(table.organizationId, table.visitId),
    check('visit_payments_channel_check', sql`${table.channel} in ${CHANNELS}`),
  ],
);

export type PageVisitRow = typeof pageVisits.$inferSelect;
