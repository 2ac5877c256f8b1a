import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainErrorMessage, errorCatalogue } from '@ecolage/contracts';
import { conflictCodes } from './db-conflicts';
import { useTestDatabase } from './test/test-database';

describe('the error codes of the unique keys', () => {
  const database = useTestDatabase();

  it('name unique constraints and indexes that exist in the migrated database', async () => {
    const names = await database().db.execute<{ name: string }>(sql`
      select conname as name from pg_constraint where contype in ('p', 'u')
      union select indexname from pg_indexes where schemaname = 'public'`);
    const existing = new Set(names.rows.map((row) => row.name));
    const unknown = Object.keys(conflictCodes).filter((name) => !existing.has(name));
    expect(unknown).toEqual([]);
  });

  it('are 409 codes of the catalogue, without parameters, with a French sentence', () => {
    for (const code of Object.values(conflictCodes)) {
      expect(errorCatalogue[code].status).toBe(409);
      expect(domainErrorMessage(code, {} as never)).toMatch(/^[A-ZÀ-Ý].+[.!]$/);
    }
  });
});
