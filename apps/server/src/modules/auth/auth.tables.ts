import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

/**
 * A person's account, global across schools (memberships link it to schools). Platform-level:
 * one identity may work for several schools.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** Path of the avatar file under the data directory's uploads, or null. */
    avatarPath: text('avatar_path'),
    /** The member's own back-office theme ('light' | 'dark'); null = the school's default. */
    themePreference: text('theme_preference', { enum: ['light', 'dark'] }),
    /**
     * Platform role: 'operator' for Écolage's own staff (the operator console), never a school
     * role. Set only by `npm run operator:grant` (and the demo seed).
     */
    platformRole: text('platform_role', { enum: ['operator'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Accounts are never erased: deleting one anonymises and marks it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    check('users_platform_role_check', sql`${table.platformRole} in ('operator')`),
  ],
);

/**
 * Refresh tokens, stored hashed. Each login starts a family; each refresh uses one token and issues
 * the next of the same family. Presenting a used token again means it was stolen: the whole family
 * is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The school the session is working in (changes with a school switch); null for a platform
     * operator's session without a school.
     */
    organizationId: uuid('organization_id').references(() => organizations.id),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the token: a database leak does not leak usable tokens. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    // Serves revoking a family and a user's sessions.
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Failed logins per key (`ip:<address>` or `account:<email>`): progressive delay, then a temporary
 * lock. Kept in the database so that every instance sees the same count.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type LoginThrottle = typeof loginThrottles.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;

/** Single-use password reset links (1 hour). The link carries `<id>.<secret>`; only a hash is kept. */
export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  secretHash: text('secret_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PasswordReset = typeof passwordResets.$inferSelect;

/** Invitations to join a school (7 days). The link carries `<id>.<secret>`; only a hash is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    invitedBy: uuid('invited_by').references(() => users.id),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves "pending invitations of this member".
  (table) => [index('invitations_organization_user_idx').on(table.organizationId, table.userId)],
);
export type Invitation = typeof invitations.$inferSelect;
