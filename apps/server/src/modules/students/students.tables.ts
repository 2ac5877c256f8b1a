import { sql } from 'drizzle-orm';
import {
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
import { academicYears, levels, programmes } from '../programmes/programmes.tables';

/** The school's matricule sequence: `STU-001`, `STU-002`… never reused, prefix configurable. */
export const studentNumbering = pgTable('student_numbering', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  prefix: text('prefix').notNull().default('STU'),
  lastNumber: integer('last_number').notNull().default(0),
});

export const studentStatuses = ['active', 'suspended', 'pending'] as const;

export const students = pgTable(
  'students',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    matricule: text('matricule').notNull(),
    fullName: text('full_name').notNull(),
    /** Lower-case, accent-free name, matricule and phone digits: what the search box matches. */
    searchKey: text('search_key').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** Date de naissance: the ages of « Statistiques » (optional; never in the future). */
    birthDate: date('birth_date'),
    status: text('status', { enum: studentStatuses }).notNull().default('active'),
    /** The programme chosen in the student modal (the enrolment says the level and year). */
    programmeId: uuid('programme_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('students_organization_matricule_key').on(table.organizationId, table.matricule),
    foreignKey({
      columns: [table.organizationId, table.programmeId],
      foreignColumns: [programmes.organizationId, programmes.id],
      name: 'students_programme_fk',
    }),
    index('students_organization_status_idx').on(table.organizationId, table.status),
    index('students_organization_programme_idx').on(table.organizationId, table.programmeId),
    index('students_organization_name_idx').on(table.organizationId, table.fullName),
    check('students_status_check', sql`${table.status} in ('active', 'suspended', 'pending')`),
  ],
);

/** Every status a student went through, with who changed it and why. */
export const studentStatusChanges = pgTable(
  'student_status_changes',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentId: uuid('student_id').notNull(),
    fromStatus: text('from_status', { enum: studentStatuses }),
    toStatus: text('to_status', { enum: studentStatuses }).notNull(),
    reason: text('reason'),
    changedBy: text('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'student_status_changes_student_fk',
    }).onDelete('cascade'),
    index('student_status_changes_student_idx').on(table.organizationId, table.studentId),
  ],
);

/** A payer: parent, guardian, sponsor or the adult student. One phone number per guardian. */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    fullName: text('full_name').notNull(),
    /** E.164 (`+22890123456`). */
    phone: text('phone').notNull(),
    email: text('email'),
    searchKey: text('search_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('guardians_organization_phone_key').on(table.organizationId, table.phone),
  ],
);

export const guardianRelations = [
  'mother',
  'father',
  'guardian',
  'sponsor',
  'self',
  'other',
] as const;

/** Who pays for whom: several guardians per student, several students per guardian (a family). */
export const studentGuardians = pgTable(
  'student_guardians',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentId: uuid('student_id').notNull(),
    guardianId: uuid('guardian_id').notNull(),
    relation: text('relation', { enum: guardianRelations }).notNull(),
    isMainPayer: boolean('is_main_payer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId, table.guardianId] }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'student_guardians_student_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'student_guardians_guardian_fk',
    }),
    uniqueIndex('student_guardians_one_main_payer_key')
      .on(table.organizationId, table.studentId)
      .where(sql`${table.isMainPayer}`),
    index('student_guardians_guardian_idx').on(table.organizationId, table.guardianId),
  ],
);

/** A student in a level for a school year. One active enrolment per student and year. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    studentId: uuid('student_id').notNull(),
    levelId: uuid('level_id').notNull(),
    academicYearId: uuid('academic_year_id').notNull(),
    status: text('status', { enum: ['active', 'withdrawn'] })
      .notNull()
      .default('active'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawalReason: text('withdrawal_reason'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'enrolments_student_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.organizationId, table.levelId],
      foreignColumns: [levels.organizationId, levels.id],
      name: 'enrolments_level_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.academicYearId],
      foreignColumns: [academicYears.organizationId, academicYears.id],
      name: 'enrolments_academic_year_fk',
    }),
    uniqueIndex('enrolments_one_active_per_year_key')
      .on(table.organizationId, table.studentId, table.academicYearId)
      .where(sql`${table.status} = 'active'`),
    index('enrolments_organization_year_level_idx').on(
      table.organizationId,
      table.academicYearId,
      table.levelId,
    ),
    index('enrolments_organization_level_idx').on(table.organizationId, table.levelId),
    check('enrolments_status_check', sql`${table.status} in ('active', 'withdrawn')`),
  ],
);

export type StudentRow = typeof students.$inferSelect;
export type GuardianRow = typeof guardians.$inferSelect;
export type EnrolmentRow = typeof enrolments.$inferSelect;

/**
 * An import file read and checked (preview), then applied (commit). The checked rows wait here
 * between the two steps, so any server instance can apply them and report progress.
 */
export const studentImports = pgTable(
  'student_imports',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['previewed', 'running', 'done', 'failed'] })
      .notNull()
      .default('previewed'),
    mode: text('mode', { enum: ['all_or_nothing', 'skip_invalid'] }),
    rows: jsonb('rows').$type<unknown[]>().notNull(),
    issues: jsonb('issues').$type<unknown[]>().notNull(),
    totalRows: integer('total_rows').notNull(),
    validRows: integer('valid_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    enrolled: integer('enrolled').notNull().default(0),
    invoicesIssued: integer('invoices_issued').notNull().default(0),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Written every few seconds by the process applying a running import: one that stopped
     * beating died with its process (several processes run: a start-up must not fail another's).
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('student_imports_organization_created_idx').on(table.organizationId, table.createdAt),
  ],
);
