import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Subscribers of Écolage's own newsletter (the public website's footer form). Platform-level. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    source: text('source').notNull().default('site'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  // One subscription per address whatever its case: subscribing again is a no-op.
  (table) => [uniqueIndex('newsletter_subscriptions_email_key').on(sql`lower(${table.email})`)],
);

/** Messages sent from the public contact form, kept for the back-office. Platform-level. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'read', 'archived'] })
      .notNull()
      .default('new'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the platform operator marked it handled (answered), and who; null while open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by'),
  },
  (table) => [
    // Serves the back-office list: newest first, filtered by status.
    index('contact_messages_status_created_idx').on(table.status, table.createdAt),
    check('contact_messages_status_check', sql`${table.status} in ('new', 'read', 'archived')`),
  ],
);

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
