import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guardianSearchKey, studentSearchKey } from '../modules/students';
import { useTestDatabase } from '../test/test-database';
import { foldForSearch, foldedForSearchSql, searchWords } from './search-text';

describe('searchWords and foldedForSearchSql', () => {
  const database = useTestDatabase();

  it('splits a term into folded words', () => {
    expect(searchWords('  École   DÉMO ')).toEqual(['ecole', 'demo']);
    expect(searchWords('Sacré-Cœur')).toEqual(['sacre', 'coeur']);
    expect(searchWords('Institut d’Adidogomé')).toEqual(['institut', 'd', 'adidogome']);
    expect(searchWords('ƉOKPO Ŋɔti ƐƲƔÆ')).toEqual(['dokpo', 'noti', 'evgae']);
    expect(searchWords('%_\\')).toEqual([]);
  });

  // The embedded database is created with the C locale, where lower() knows ASCII only: the SQL
  // folding must still agree with the words typed, letter for letter.
  it.each([
    ['École Démo, Lomé', 'ecole demo, lome'],
    ['COLLÈGE SACRÉ-CŒUR', 'college sacre-coeur'],
    ['LYCÉE ƉOKPO Ŋɔti ƐƲƔ', 'lycee dokpo noti evg'],
    ['Ƒoli ƑOLI', 'foli foli'],
    ['ÆSOPE À L’ÎLE', 'aesope a l’ile'],
  ])('folds %s in SQL under the C collation as the words do', async (text, folded) => {
    const [row] = (
      await database().db.execute<{ folded: string }>(
        sql`select ${foldedForSearchSql(sql`${text}::text collate "C"`)} as folded`,
      )
    ).rows;
    expect(row?.folded).toBe(folded);
    expect(searchWords(text)).toEqual(searchWords(folded));
  });
});

/** The fold stored before migration 0023 (accents and case only), to write keys as they were. */
function formerFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const names = [
  'Kɔffi Mensah',
  'ƉOSSEH Ama Ŋlɔ',
  'Ƒoli Yawa Ʋɔ',
  'Ɣeɖe Ɛkpɛ',
  'Agbéko Kossi',
  'Œuvre Æsope',
  'Plain Name',
];

describe('foldForSearch', () => {
  it('folds Ewe and Kabiyè letters, accents and case as a parent types them', () => {
    expect(foldForSearch('  Kɔffi   MENSAH ')).toBe('koffi mensah');
    expect(foldForSearch('ƉOSSEH Ŋlɔ')).toBe('dosseh nlo');
    expect(foldForSearch('Ƒoli Ʋɔ Ɣeɖe Ɛkpɛ')).toBe('foli vo gede ekpe');
    expect(foldForSearch('Agbéko Sacré-Cœur')).toBe('agbeko sacre-coeur');
  });
});

describe('migration 0023: stored search keys spelt out', () => {
  const database = useTestDatabase();
  const migration = readFileSync(
    new URL('../../drizzle/0023_top_bar_search.sql', import.meta.url),
    'utf8',
  );
  const backfills = migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^UPDATE /m.test(statement));

  it('turns keys stored by the former fold into the new fold, and leaves new keys alone', async () => {
    const { db } = database();
    expect(backfills).toHaveLength(2);
    const organizationId = randomUUID();
    await db.execute(sql`insert into organizations (id, name, slug) values (${organizationId},
      'École Backfill', ${`backfill-${organizationId.slice(0, 8)}`})`);
    const rows = names.flatMap((fullName, index) => {
      const student = { fullName, matricule: `STU-${100 + index}`, phone: '+22890123456' };
      const guardian = { fullName, phone: `+2289000000${index}` };
      const former = {
        student: formerFold(`${fullName} ${student.matricule} 22890123456 90123456`),
        guardian: formerFold(`${fullName} ${guardian.phone.slice(1)} ${guardian.phone.slice(4)}`),
      };
      // A name with those letters had a key the new fold would not find (« koffi » in « kɔffi »).
      if (/[ɔɛɖŋƒʋɣœæ]/u.test(fullName.toLowerCase())) {
        expect(former.student).not.toBe(studentSearchKey(student));
      }
      return [{ index, student, guardian, former }];
    });
    for (const row of rows) {
      await db.execute(sql`insert into students (organization_id, matricule, full_name, search_key)
        values (${organizationId}, ${row.student.matricule}, ${row.student.fullName},
          ${row.former.student})`);
      await db.execute(sql`insert into guardians (organization_id, full_name, phone, search_key)
        values (${organizationId}, ${row.guardian.fullName}, ${row.guardian.phone},
          ${row.former.guardian})`);
    }
    // A key already folded the new way (written after the migration) is left as it is.
    await db.execute(sql`insert into students (organization_id, matricule, full_name, search_key)
      values (${organizationId}, 'STU-999', 'Kɔffi Neuf', ${studentSearchKey({
        fullName: 'Kɔffi Neuf',
        matricule: 'STU-999',
        phone: null,
      })})`);

    for (const statement of backfills) await db.execute(sql.raw(statement));
    // Twice: the backfill is idempotent.
    for (const statement of backfills) await db.execute(sql.raw(statement));

    const students = await db.execute<{ matricule: string; search_key: string }>(
      sql`select matricule, search_key from students where organization_id = ${organizationId}`,
    );
    const guardians = await db.execute<{ phone: string; search_key: string }>(
      sql`select phone, search_key from guardians where organization_id = ${organizationId}`,
    );
    for (const row of rows) {
      expect(
        students.rows.find((stored) => stored.matricule === row.student.matricule)?.search_key,
      ).toBe(studentSearchKey(row.student));
      expect(guardians.rows.find((stored) => stored.phone === row.guardian.phone)?.search_key).toBe(
        guardianSearchKey(row.guardian),
      );
    }
    expect(students.rows.find((stored) => stored.matricule === 'STU-999')?.search_key).toBe(
      'koffi neuf stu-999',
    );
    // What the SQL stored, the TS fold of a typed term finds.
    expect(
      students.rows.filter((stored) => stored.search_key.includes(foldForSearch('KƆFFI'))),
    ).toHaveLength(2);
  });
});
