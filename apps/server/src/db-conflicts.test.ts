import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conflictMessages } from './db-conflicts';
import { useTestDatabase } from './test/test-database';

describe('the sentences of the unique keys', () => {
  const database = useTestDatabase();

  it('name unique constraints and indexes that exist in the migrated database', async () => {
    const names = await database().db.execute<{ name: string }>(sql`
      select conname as name from pg_constraint where contype in ('p', 'u')
      union select indexname from pg_indexes where schemaname = 'public'`);
    const existing = new Set(names.rows.map((row) => row.name));
    const unknown = Object.keys(conflictMessages).filter((name) => !existing.has(name));
    expect(unknown).toEqual([]);
  });

  it('are French sentences', () => {
    for (const message of Object.values(conflictMessages)) {
      expect(message).toMatch(/^[A-ZÀ-Ý].+[.!]$/);
    }
  });
});
