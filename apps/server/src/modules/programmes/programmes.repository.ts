import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import type { LevelEnrolmentQueries, LevelKey } from './enrolments.port';
import { academicYears, levels, programmes, type LevelRow } from './programmes.tables';

/** The level row of the enclosing query (spelled out: see `findProgrammesWithLevels`). */
const listedLevel: LevelKey = {
  organizationId: sql.raw('levels.organization_id'),
  id: sql.raw('levels.id'),
};

export async function findAcademicYears(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(academicYears)
    .where(eq(academicYears.organizationId, organizationId))
    .orderBy(asc(academicYears.startsOn));
}

export async function findAcademicYear(db: DbOrTx, organizationId: string, yearId: string) {
  const [row] = await db
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.organizationId, organizationId), eq(academicYears.id, yearId)));
  return row;
}

export async function findCurrentAcademicYear(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(academicYears)
    .where(
      and(eq(academicYears.organizationId, organizationId), eq(academicYears.isCurrent, true)),
    );
  return row;
}

export async function clearCurrentAcademicYear(db: DbOrTx, organizationId: string) {
  await db
    .update(academicYears)
    .set({ isCurrent: false })
    .where(
      and(eq(academicYears.organizationId, organizationId), eq(academicYears.isCurrent, true)),
    );
}

/**
 * Programmes with their levels and, per level, how many active enrolments it has and whether it
 * ever had one (students' fragments, through the `LevelEnrolmentQueries` port): a used level is
 * archived, not deleted.
 */
export async function findProgrammesWithLevels(
  db: DbOrTx,
  organizationId: string,
  includeArchived: boolean,
  enrolments: LevelEnrolmentQueries,
) {
  const programmeRows = await db
    .select()
    .from(programmes)
    .where(
      and(
        eq(programmes.organizationId, organizationId),
        includeArchived ? undefined : isNull(programmes.archivedAt),
      ),
    )
    .orderBy(asc(programmes.name));
  const levelRows = await db
    .select({
      level: levels,
      // The outer table spelled out: a single-table select leaves drizzle's columns bare.
      enrolledCount: enrolments.activeEnrolments(listedLevel),
      everEnrolled: enrolments.everEnrolled(listedLevel),
    })
    .from(levels)
    .where(
      and(
        eq(levels.organizationId, organizationId),
        includeArchived ? undefined : isNull(levels.archivedAt),
      ),
    )
    .orderBy(asc(levels.createdAt));
  return { programmeRows, levelRows };
}

export async function findProgramme(db: DbOrTx, organizationId: string, programmeId: string) {
  const [row] = await db
    .select()
    .from(programmes)
    .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
  return row;
}

export async function findLevel(db: DbOrTx, organizationId: string, levelId: string) {
  const [row] = await db
    .select({ level: levels, programme: programmes })
    .from(levels)
    .innerJoin(programmes, sameSchool(programmes, programmes.id, levels, levels.programmeId))
    .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
  return row;
}

export type LevelFees = Pick<
  LevelRow,
  'name' | 'registrationFee' | 'feeMode' | 'monthlyFee' | 'billedMonths' | 'schedule'
>;

type ProgrammeValues = Partial<typeof programmes.$inferInsert>;
type LevelValues = Partial<typeof levels.$inferInsert>;
type AcademicYearValues = Partial<typeof academicYears.$inferInsert>;

/** A new programme; undefined when the school already has one of that name. */
export async function insertProgramme(db: DbOrTx, organizationId: string, name: string) {
  const [row] = await db
    .insert(programmes)
    .values({ organizationId, name })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateProgrammeRow(
  db: DbOrTx,
  organizationId: string,
  programmeId: string,
  values: ProgrammeValues,
): Promise<void> {
  await db
    .update(programmes)
    .set(values)
    .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
}

/** Deletes a programme and its levels (refused by the foreign keys of anything using them). */
export async function deleteProgrammeWithLevels(
  db: DbOrTx,
  organizationId: string,
  programmeId: string,
): Promise<void> {
  await db
    .delete(levels)
    .where(and(eq(levels.organizationId, organizationId), eq(levels.programmeId, programmeId)));
  await db
    .delete(programmes)
    .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
}

/** A new level; undefined when its programme already has one of that name. */
export async function insertLevel(
  db: DbOrTx,
  level: typeof levels.$inferInsert,
): Promise<LevelRow | undefined> {
  const [row] = await db.insert(levels).values(level).onConflictDoNothing().returning();
  return row;
}

export async function updateLevelRow(
  db: DbOrTx,
  organizationId: string,
  levelId: string,
  values: LevelValues,
): Promise<void> {
  await db
    .update(levels)
    .set(values)
    .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
}

/** Deletes a level (refused by the foreign keys of anything using it). */
export async function deleteLevel(db: DbOrTx, organizationId: string, levelId: string) {
  await db
    .delete(levels)
    .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
}

/** A new academic year; undefined when the school already has one with that label. */
export async function insertAcademicYear(db: DbOrTx, year: typeof academicYears.$inferInsert) {
  const [row] = await db.insert(academicYears).values(year).onConflictDoNothing().returning();
  return row;
}

export async function updateAcademicYearRow(
  db: DbOrTx,
  organizationId: string,
  yearId: string,
  values: AcademicYearValues,
) {
  const [row] = await db
    .update(academicYears)
    .set(values)
    .where(and(eq(academicYears.organizationId, organizationId), eq(academicYears.id, yearId)))
    .returning();
  return row!;
}
