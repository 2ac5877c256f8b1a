import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A school: the tenant. Every tenant-owned table references it through `organization_id`. */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** URL name of the school's public pages (`/p/<slug>`), lower-case letters, digits and dashes. */
    slug: text('slug').notNull(),
    contactEmail: text('contact_email'),
    /** E.164, e.g. +22890123456. */
    supportPhone: text('support_phone'),
    address: text('address'),
    city: text('city'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('TG'),
    timeZone: text('time_zone').notNull().default('Africa/Lome'),
    locale: text('locale').notNull().default('fr'),
    currency: text('currency').notNull().default('XOF'),
    plan: text('plan', { enum: ['decouverte', 'croissance', 'personnalise'] })
      .notNull()
      .default('croissance'),
    brandColor: text('brand_color').notNull().default('#484D9B'),
    /** The school's logo: stored file name (file storage folder `logos`, a 512 px PNG), or null. */
    logoFile: text('logo_file'),
    /** Short hash of the logo's bytes, for cache-busting URLs (`?v=`); null without a logo. */
    logoVersion: text('logo_version'),
    /** The back office's theme for members who chose none (spec §9: initially dark). */
    defaultTheme: text('default_theme', { enum: ['dark', 'light'] })
      .notNull()
      .default('dark'),
    bankName: text('bank_name'),
    accountHolder: text('account_holder'),
    /** UEMOA RIB, 24 characters, normalised (upper case, no spaces), key checked. */
    rib: text('rib'),
    /** IBAN, normalised (upper case, no spaces), mod 97 checked. */
    iban: text('iban'),
    bic: text('bic'),
    bankDetailsUpdatedAt: timestamp('bank_details_updated_at', { withTimezone: true }),
    /** The short introduction on the school's public pages (≤ 500 characters). */
    publicIntro: text('public_intro'),
    /** Wallets offered to the school's parents; null = every wallet the deployment has. */
    offeredWallets: text('offered_wallets').array(),
    planChosenAt: timestamp('plan_chosen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organizations_slug_key').on(table.slug),
    check('organizations_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('organizations_default_theme_check', sql`${table.defaultTheme} in ('dark', 'light')`),
    check(
      'organizations_plan_check',
      sql`${table.plan} in ('decouverte', 'croissance', 'personnalise')`,
    ),
  ],
);

/**
 * A school's plan and its fee terms from a date: appended at sign-up and at each plan change,
 * never updated (the accounting reads the terms in force at a date: `planTermsAt`).
 */
export const schoolPlanTerms = pgTable(
  'school_plan_terms',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    plan: text('plan', { enum: ['decouverte', 'croissance', 'personnalise'] }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    /** Commission on each payment, in basis points (150 = 1,5 %). */
    commissionRateBp: integer('commission_rate_bp').notNull(),
    /** Volume collected without fees before the commission applies (francs). */
    feeFreeVolumeXof: bigint('fee_free_volume_xof', { mode: 'number' }).notNull().default(0),
    /** Subscription in francs; null = sur devis. */
    subscriptionXof: integer('subscription_xof'),
    subscriptionPeriod: text('subscription_period', { enum: ['year', 'month'] }),
    /** Staff users allowed (active members + pending invitations); null = unlimited. */
    memberLimit: integer('member_limit'),
    /** Reminders per month; null = unlimited. */
    remindersPerMonth: integer('reminders_per_month'),
    /** The member who chose it (auth's users; no foreign key: organizations is upstream of auth). */
    createdBy: uuid('created_by'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('school_plan_terms_organization_from_idx').on(table.organizationId, table.effectiveFrom),
    check(
      'school_plan_terms_plan_check',
      sql`${table.plan} in ('decouverte', 'croissance', 'personnalise')`,
    ),
    check(
      'school_plan_terms_period_check',
      sql`${table.subscriptionPeriod} is null or ${table.subscriptionPeriod} in ('year', 'month')`,
    ),
    check(
      'school_plan_terms_rates_check',
      sql`${table.commissionRateBp} between 0 and 10000 and ${table.feeFreeVolumeXof} >= 0`,
    ),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
export type SchoolPlanTerms = typeof schoolPlanTerms.$inferSelect;
