import pg from 'pg';

/** One statement on its own connection (CREATE or DROP DATABASE, outside any pool). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
