import pg from 'pg';

/**
 * Migrations applied to a database (drizzle's journal; 0 before the first): written in a backup's
 * manifest and compared after a restore.
 */
export async function countMigrations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
              else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
