import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { academicYears, levels, programmes, type LevelRow } from './programmes.tables';

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
 * Programmes with their levels and, per level, how many active enrolments it has (a named
 * read-only query across `enrolments`, see docs/architecture.md): a used level is archived, not
 * deleted.
 */
export async function findProgrammesWithLevels(
  db: DbOrTx,
  organizationId: string,
  includeArchived: boolean,
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
      // Correlated subqueries spell the outer table out: drizzle leaves single-table columns bare.
      enrolledCount: sql<number>`(select count(*)::int from enrolments e
        where e.organization_id = levels.organization_id and e.level_id = levels.id
          and e.status = 'active')`,
      everEnrolled: sql<boolean>`exists(select 1 from enrolments e
        where e.organization_id = levels.organization_id and e.level_id = levels.id)`,
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
    .innerJoin(
      programmes,
      and(
        eq(programmes.organizationId, levels.organizationId),
        eq(programmes.id, levels.programmeId),
      ),
    )
    .where(and(eq(levels.organizationId, organizationId), eq(levels.id, levelId)));
  return row;
}

export type LevelFees = Pick<
  LevelRow,
  'name' | 'registrationFee' | 'feeMode' | 'monthlyFee' | 'billedMonths' | 'schedule'
>;
