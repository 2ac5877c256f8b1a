import type { FeeScheduleItem } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

/** A school year (`2026-2027`); exactly one is current per school once any exists. */
export const academicYears = pgTable(
  'academic_years',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    label: text('label').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('academic_years_organization_label_key').on(table.organizationId, table.label),
    uniqueIndex('academic_years_one_current_key')
      .on(table.organizationId)
      .where(sql`${table.isCurrent}`),
    check('academic_years_dates_check', sql`${table.endsOn} > ${table.startsOn}`),
  ],
);

/** A programme (Licence Informatique…): a name and its levels. Archived once used, never erased. */
export const programmes = pgTable(
  'programmes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('programmes_organization_name_key').on(
      table.organizationId,
      sql`lower(${table.name})`,
    ),
  ],
);

/**
 * A level of a programme with what it costs: a registration fee (« Inscription ») plus either a
 * monthly fee over the billed months, or an explicit schedule of dated items.
 */
export const levels = pgTable(
  'levels',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    programmeId: uuid('programme_id').notNull(),
    name: text('name').notNull(),
    registrationFee: bigint('registration_fee', { mode: 'number' }).notNull().default(0),
    feeMode: text('fee_mode', { enum: ['monthly', 'schedule'] })
      .notNull()
      .default('monthly'),
    monthlyFee: bigint('monthly_fee', { mode: 'number' }).notNull().default(0),
    billedMonths: integer('billed_months')
      .array()
      .notNull()
      .default(sql`'{10,11,12,1,2,3,4,5,6,7}'::integer[]`),
    schedule: jsonb('schedule').$type<FeeScheduleItem[]>().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.programmeId],
      foreignColumns: [programmes.organizationId, programmes.id],
      name: 'levels_programme_fk',
    }),
    uniqueIndex('levels_programme_name_key').on(
      table.organizationId,
      table.programmeId,
      sql`lower(${table.name})`,
    ),
    index('levels_organization_programme_idx').on(table.organizationId, table.programmeId),
    check('levels_fees_check', sql`${table.registrationFee} >= 0 and ${table.monthlyFee} >= 0`),
    check('levels_fee_mode_check', sql`${table.feeMode} in ('monthly', 'schedule')`),
  ],
);

export type AcademicYearRow = typeof academicYears.$inferSelect;
export type ProgrammeRow = typeof programmes.$inferSelect;
export type LevelRow = typeof levels.$inferSelect;
