import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { academicYears, levels, programmes } from '../../programmes/programmes.tables';
import { enrolments, students } from '../../students/students.tables';
import { collectionMonthsByProgramme, receivableDays } from '../rollups/rollups.tables';
import type { DayRange } from './statistics-period';

/**
 * « Statistiques »' named reads across programmes' and students' tables (read-only,
 * docs/architecture.md): the names of programmes and levels, the programmes the filter offers,
 * and the enrolments of the period's academic years.
 */

/** Every programme and level of the school, archived ones too, by id. */
export async function programmeAndLevelNames(db: DbOrTx, organizationId: string) {
  const [programmeRows, levelRows] = await Promise.all([
    db
      .select({ id: programmes.id, name: programmes.name })
      .from(programmes)
      .where(sql`${programmes.organizationId} = ${organizationId}`),
    db
      .select({ id: levels.id, name: levels.name })
      .from(levels)
      .where(sql`${levels.organizationId} = ${organizationId}`),
  ]);
  return {
    programmes: new Map(programmeRows.map((row) => [row.id, row.name])),
    levels: new Map(levelRows.map((row) => [row.id, row.name])),
  };
}

/**
 * The programmes the filter offers: the school's, archived ones only when money was received or
 * invoices fell due for them (their past years stay readable); by name.
 */
export async function programmesWithData(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: programmes.id, name: programmes.name })
    .from(programmes)
    .where(
      sql`${programmes.organizationId} = ${organizationId} and (${programmes.archivedAt} is null
        or exists (select 1 from ${receivableDays}
          where ${receivableDays.organizationId} = ${organizationId}
            and ${receivableDays.programmeId} = ${programmes.id})
        or exists (select 1 from ${collectionMonthsByProgramme}
          where ${collectionMonthsByProgramme.organizationId} = ${organizationId}
            and ${collectionMonthsByProgramme.programmeId} = ${programmes.id}))`,
    )
    .orderBy(sql`lower(${programmes.name})`);
}

/** Active enrolments of the academic years that overlap `range`, with their level and student. */
function periodEnrolments(
  organizationId: string,
  range: DayRange,
  programmeId: string | undefined,
): SQL {
  return sql`${enrolments}
    join ${academicYears} on ${academicYears.organizationId} = ${enrolments.organizationId}
      and ${academicYears.id} = ${enrolments.academicYearId}
      and ${academicYears.startsOn} <= ${range.to}::date
      and ${academicYears.endsOn} >= ${range.from}::date
    join ${levels} on ${levels.organizationId} = ${enrolments.organizationId}
      and ${levels.id} = ${enrolments.levelId}
      ${programmeId ? sql`and ${levels.programmeId} = ${programmeId}` : sql``}`;
}

/**
 * Born in those years, as a range of dates (the planner estimates it, unlike a year extracted);
 * an open end (`birthYearsFor`'s ±32768) adds no bound. Unknown birth dates never match.
 */
function bornIn(years: { from: number; to: number }): SQL {
  const day = (year: number) => `${String(year).padStart(4, '0')}-01-01`;
  return sql`and ${students.birthDate} is not null
    ${years.from >= 1 ? sql`and ${students.birthDate} >= ${day(years.from)}::date` : sql``}
    ${years.to < 9999 ? sql`and ${students.birthDate} < ${day(years.to + 1)}::date` : sql``}`;
}

const activeOf = (organizationId: string) =>
  sql`${enrolments.organizationId} = ${organizationId} and ${enrolments.status} = 'active'`;

/**
 * Active enrolments in the academic years that overlap `range`, per programme of the enrolment's
 * level; with `birthYears`, only those of students born in those years (no birth date: left out).
 */
export async function enrolmentsByProgramme(
  db: DbOrTx,
  organizationId: string,
  range: DayRange,
  filters: { programmeId?: string | undefined; birthYears: { from: number; to: number } | null },
): Promise<Map<string, number>> {
  const ofStudent = filters.birthYears
    ? sql`join ${students} on ${students.organizationId} = ${enrolments.organizationId}
        and ${students.id} = ${enrolments.studentId} ${bornIn(filters.birthYears)}`
    : sql``;
  const { rows } = await db.execute<{ programme_id: string; enrolments: string }>(sql`
    select ${levels.programmeId} as programme_id, count(*)::text as enrolments
    from ${periodEnrolments(organizationId, range, filters.programmeId)} ${ofStudent}
    where ${activeOf(organizationId)}
    group by ${levels.programmeId}`);
  return new Map(rows.map((row) => [row.programme_id, Number(row.enrolments)]));
}

/**
 * Students with an active enrolment in those academic years (of the programme, if one is asked)
 * whose birth date is unknown: what an age filter leaves out.
 */
export async function studentsWithoutBirthDate(
  db: DbOrTx,
  organizationId: string,
  range: DayRange,
  programmeId: string | undefined,
): Promise<number> {
  const { rows } = await db.execute<{ students: string }>(sql`
    select count(distinct ${enrolments.studentId})::text as students
    from ${periodEnrolments(organizationId, range, programmeId)}
    join ${students} on ${students.organizationId} = ${enrolments.organizationId}
      and ${students.id} = ${enrolments.studentId} and ${students.birthDate} is null
    where ${activeOf(organizationId)}`);
  return Number(rows[0]?.students ?? 0);
}
