import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.tables';

/**
 * A school's former addresses (slugs): `/payer/<old>` and `/inscription/<old>` answer 301 to the
 * current address, so printed posters and QR codes keep working. A former address stays the
 * school's: no other school may take it; the school may take it back (the row goes).
 */
export const schoolSlugRedirects = pgTable(
  'school_slug_redirects',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** A poster's address names the slug alone: the key. */
    slug: text('slug').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('school_slug_redirects_organization_idx').on(table.organizationId, table.createdAt),
  ],
);

export type SchoolSlugRedirect = typeof schoolSlugRedirects.$inferSelect;
