import { sql } from 'drizzle-orm';
import {
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
import { organizations } from '../organizations/organizations.tables';

/** A school's roles: the seven system roles (with `key`) and the ones the school adds. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** System role key (`super_admin`, `reader`…), null for a role the school created. */
    key: text('key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('roles_organization_name_key').on(table.organizationId, sql`lower(${table.name})`),
    uniqueIndex('roles_organization_key_key').on(table.organizationId, table.key),
  ],
);

/** A user's place in a school, with one role. */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The account (auth, downstream: it declares this foreign key to `users` in its migration 0016). */
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
    status: text('status', { enum: ['active', 'inactive', 'invited'] })
      .notNull()
      .default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    // The role must belong to the same school: the database refuses a cross-school reference.
    foreignKey({
      columns: [table.organizationId, table.roleId],
      foreignColumns: [roles.organizationId, roles.id],
      name: 'memberships_role_fk',
    }),
    // Serves the member count per role and "members of this role".
    index('memberships_organization_role_idx').on(table.organizationId, table.roleId),
    check('memberships_status_check', sql`${table.status} in ('active', 'inactive', 'invited')`),
  ],
);

export type Role = typeof roles.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
