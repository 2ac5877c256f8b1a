import { and, asc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { containsPattern } from '../../platform/search-text';
import { guardians, studentGuardians, studentNumbering, students } from './students.tables';

/**
 * A top-bar search term as the students' and guardians' search keys are matched: `folded` is the
 * whole term folded like the keys (`foldForSearch`), `words` its words (each must be in the key),
 * `digits` the digits of a phone number typed (`+228 90 12 34 56`), when it is one.
 */
export interface KeyTerm {
  folded: string;
  words: string[];
  digits: string | null;
}

/**
 * Matches read at most, then ranked: a broad term (« ko » in 6,000 names) costs no more than a
 * precise one, and the top bar shows 5 of them anyway (the students screen lists them all).
 */
const CANDIDATES = 200;

/** `%` and `_` of a prefix taken literally, then anything after it. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What the key must hold, each condition one the trigram index (`…_search_key_trgm_idx`) serves:
 * a phone number's digits; for a term of 2 characters (too short for a trigram anywhere), a word
 * of the key starting with it; else every word of the term, anywhere.
 */
function keyMatches(key: AnyColumn, term: KeyTerm): SQL {
  if (term.digits) return sql`${key} like ${containsPattern(term.digits)}`;
  if (term.folded.length < 3) {
    const start = prefixPattern(term.folded);
    return or(sql`${key} like ${start}`, sql`${key} like ${`% ${start}`}`)!;
  }
  return and(...term.words.map((word) => sql`${key} like ${containsPattern(word)}`))!;
}

export interface StudentSearchRow {
  id: string;
  fullName: string;
  matricule: string;
  status: 'active' | 'suspended' | 'pending';
  archived: boolean;
}

/**
 * Up to `limit` students of the school whose name, matricule or phone matches: the matricule typed
 * whole first (`STU-042`, or its number alone: `42`), then matricules and names starting with the
 * term, then the others by name; archived students after the others.
 */
/**
 * The matricules of that number with the school's prefix, however many zeros pad it (`42` →
 * `STU-042`, `STU-0042`…): read on the school's matricule key, for a number too short to be
 * found anywhere in the search key by trigram.
 */
function numbered(organizationId: string, number: string): SQL {
  return sql`${students.matricule} = any(array(
    select ${studentNumbering.prefix} || '-' || lpad(${number}::text, width, '0')
    from ${studentNumbering}, generate_series(greatest(length(${number}::text), 3), 8) width
    where ${studentNumbering.organizationId} = ${organizationId}))`;
}

export async function searchStudentsForTopBar(
  db: DbOrTx,
  organizationId: string,
  term: KeyTerm,
  limit: number,
): Promise<StudentSearchRow[]> {
  const number = /^\d+$/.test(term.folded) ? term.folded.replace(/^0+(?=\d)/, '') : null;
  const rank = sql`case
    when lower(${students.matricule}) = ${term.folded} then 0
    when ${number}::text is not null
      and ltrim(substring(${students.matricule} from '([0-9]+)$'), '0') = ltrim(${number}::text, '0')
      then 1
    when lower(${students.matricule}) like ${prefixPattern(term.folded)} then 2
    when ${students.searchKey} like ${prefixPattern(term.folded)} then 3
    else 4 end`;
  const found = db
    .select({
      id: students.id,
      fullName: students.fullName,
      matricule: students.matricule,
      status: students.status,
      archivedAt: students.archivedAt,
      rank: rank.as('rank'),
    })
    .from(students)
    .where(
      and(
        eq(students.organizationId, organizationId),
        number === null
          ? keyMatches(students.searchKey, term)
          : or(keyMatches(students.searchKey, term), numbered(organizationId, number)),
      ),
    )
    .limit(CANDIDATES)
    .as('found');
  const rows = await db
    .select()
    .from(found)
    .orderBy(found.rank, sql`${found.archivedAt} is not null`, asc(found.fullName), asc(found.id))
    .limit(limit);
  return rows.map(({ archivedAt, rank: _rank, ...row }) => ({
    ...row,
    archived: archivedAt !== null,
  }));
}

export interface GuardianSearchRow {
  id: string;
  fullName: string;
  phone: string;
  /** Their students (main payer's first, then by name), a few. */
  students: { id: string; name: string }[];
}

/**
 * Up to `limit` guardians of the school whose phone (`90 12 34 56`, `90123456`,
 * `+228 90 12 34 56`) or name matches: the phone typed whole first, then names starting with the
 * term, then the others by name. Each with up to 3 of their students.
 */
export async function searchGuardiansForTopBar(
  db: DbOrTx,
  organizationId: string,
  term: KeyTerm,
  limit: number,
): Promise<GuardianSearchRow[]> {
  const phoneDigits = sql`regexp_replace(${guardians.phone}, '[^0-9]', '', 'g')`;
  const rank = sql`case
    when ${term.digits}::text is not null
      and (${phoneDigits} = ${term.digits}::text or ${phoneDigits} = '228' || ${term.digits}::text)
      then 0
    when ${guardians.searchKey} like ${prefixPattern(term.folded)} then 1
    else 2 end`;
  const found = db
    .select({
      id: guardians.id,
      fullName: guardians.fullName,
      phone: guardians.phone,
      rank: rank.as('rank'),
    })
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), keyMatches(guardians.searchKey, term)))
    .limit(CANDIDATES)
    .as('found');
  const rows = await db
    .select({ id: found.id, fullName: found.fullName, phone: found.phone })
    .from(found)
    .orderBy(found.rank, asc(found.fullName), asc(found.id))
    .limit(limit);
  const linked = await studentsOfGuardians(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, students: linked.get(row.id) ?? [] }));
}

async function studentsOfGuardians(db: DbOrTx, organizationId: string, guardianIds: string[]) {
  const byGuardian = new Map<string, { id: string; name: string }[]>();
  if (guardianIds.length === 0) return byGuardian;
  const rows = await db
    .select({
      guardianId: studentGuardians.guardianId,
      id: students.id,
      name: students.fullName,
    })
    .from(studentGuardians)
    .innerJoin(
      students,
      sameSchool(students, students.id, studentGuardians, studentGuardians.studentId),
    )
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        inArray(studentGuardians.guardianId, guardianIds),
      ),
    )
    .orderBy(sql`${studentGuardians.isMainPayer} desc`, asc(students.fullName), asc(students.id));
  for (const row of rows) {
    const list = byGuardian.get(row.guardianId) ?? [];
    if (list.length < 3) list.push({ id: row.id, name: row.name });
    byGuardian.set(row.guardianId, list);
  }
  return byGuardian;
}
