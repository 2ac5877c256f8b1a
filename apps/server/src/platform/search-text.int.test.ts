import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { foldedForSearchSql, searchWords } from './search-text';

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
