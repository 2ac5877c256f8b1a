import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shortLinkPurposeValues } from '@ecolage/contracts';
import { organizations } from '../../organizations/organizations.tables';

/**
 * Our own short links `/s/<code>` (research/messaging.md §7.9): an SMS carries 10 random base62
 * characters instead of a long address. The code is the row's key and a bearer capability (about
 * 59 bits, never sequential); the target is a path on our own server, never another site. Clicks
 * are counted for people only (a HEAD or a link previewer is not a click).
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    purpose: text('purpose', { enum: shortLinkPurposeValues }).notNull(),
    /** `/payer/l/<id>.<hmac>`, `/desabonnement/<token>`…: a path of this server. */
    targetPath: text('target_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires (a receipt's check). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    clicks: integer('clicks').notNull().default(0),
    lastClickedAt: timestamp('last_clicked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.code] }),
    // `shortLinkFor`: the link already made for the same target (a parent reminded 4 times).
    index('short_links_organization_target_idx').on(
      table.organizationId,
      table.targetPath,
      table.purpose,
    ),
    check(
      'short_links_purpose_check',
      sql`${table.purpose} in ('payment', 'opt_out', 'receipt', 'page', 'campaign')`,
    ),
    check('short_links_code_check', sql`${table.code} ~ '^[0-9A-Za-z]{8,10}$'`),
    // A path of our own server: one leading slash, never `//host` nor `https://…`.
    check('short_links_target_path_check', sql`${table.targetPath} ~ '^/[^/\\\\]'`),
  ],
);

/**
 * Which school a short link's code belongs to: the address carries the code alone, and 59 random
 * bits are too few to trust chance for uniqueness. The key here keeps codes unique across schools
 * (the link's own key leads with its school, so that `short_links` can be distributed by school,
 * when this small table is copied to every node). Written with the link, in the same transaction.
 */
export const shortLinkCodes = pgTable('short_link_codes', {
  code: text('code').notNull().primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
});

export type ShortLinkRow = typeof shortLinks.$inferSelect;
