// Test fixture run as a separate Node process by embedded-postgres.int.test.ts:
// starts the embedded engine on argv[2], writes committed rows, says "ready", then waits to be killed.
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

const [, , dataDir, rows = '0'] = process.argv;
try {
  const engine = await startEmbeddedPostgres({ dataDir: dataDir ?? '' });
  const client = new pg.Client({ connectionString: engine.url });
  await client.connect();
  await client.query('create table if not exists survivors (n int primary key)');
  await client.query(
    'insert into survivors select generate_series(1, $1::int) on conflict do nothing',
    [Number(rows)],
  );
  await client.end();
  process.once('SIGTERM', () => void engine.stop().then(() => process.exit(0)));
  process.stdout.write('ready\n');
  setInterval(() => undefined, 60_000);
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(3);
}
