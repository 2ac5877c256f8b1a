/**
 * Named read-only queries of the student import over the programmes module's tables: the
 * programmes, levels and years an import line may name, and the fees of those it enrols into.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { academicYears, levels, programmes } from '../../programmes/programmes.tables';

/**
 * The school's programmes and levels not archived, and its years: what import lines name (a
 * named read-only query over the programmes module's tables).
 */
export async function findImportCatalogue(db: DbOrTx, organizationId: string) {
  const [programmeRows, levelRows, yearRows] = await Promise.all([
    db
      .select({ id: programmes.id, name: programmes.name })
      .from(programmes)
      .where(and(eq(programmes.organizationId, organizationId), isNull(programmes.archivedAt)))
      .orderBy(asc(programmes.name)),
    db
      .select({ id: levels.id, name: levels.name, programmeId: levels.programmeId })
      .from(levels)
      .where(and(eq(levels.organizationId, organizationId), isNull(levels.archivedAt)))
      .orderBy(asc(levels.createdAt)),
    db
      .select({
        id: academicYears.id,
        label: academicYears.label,
        isCurrent: academicYears.isCurrent,
      })
      .from(academicYears)
      .where(eq(academicYears.organizationId, organizationId))
      .orderBy(asc(academicYears.startsOn)),
  ]);
  return {
    programmes: programmeRows.map((programme) => ({
      ...programme,
      levels: levelRows.filter((level) => level.programmeId === programme.id),
    })),
    years: yearRows,
  };
}

/** What billing needs of the levels and years an import enrols into. */
export async function findLevelsAndYears(
  db: DbOrTx,
  organizationId: string,
  levelIds: string[],
  yearIds: string[],
) {
  const [levelRows, yearRows] = await Promise.all([
    levelIds.length === 0
      ? []
      : db
          .select()
          .from(levels)
          .where(and(eq(levels.organizationId, organizationId), inArray(levels.id, levelIds))),
    yearIds.length === 0
      ? []
      : db
          .select()
          .from(academicYears)
          .where(
            and(
              eq(academicYears.organizationId, organizationId),
              inArray(academicYears.id, yearIds),
            ),
          ),
  ]);
  return { levels: levelRows, years: yearRows };
}
