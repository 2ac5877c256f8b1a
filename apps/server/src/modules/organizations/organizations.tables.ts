import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organizations_slug_key').on(table.slug),
    check('organizations_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      'organizations_plan_check',
      sql`${table.plan} in ('decouverte', 'croissance', 'personnalise')`,
    ),
  ],
);

export type Organization = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;
