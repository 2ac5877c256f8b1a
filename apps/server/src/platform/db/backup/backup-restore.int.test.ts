import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  chmodSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import * as schema from '../../../db-schema';
import { verifyAllChains } from '../../../modules/audit';
import { checkAllSchools } from '../../../modules/billing';
import { DEMO_PASSWORD, seedDemoData } from '../../../seed/demo-seed';
import { logIn } from '../../../test/auth-helpers';
import { testAppOptions } from '../../../test/test-app';
import { connectDatabase } from '../database';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../embedded/embedded-postgres';
import { runMigrations } from '../migrate';
import { takeEmbeddedBackup } from './embedded-backup';
import { restoreEmbeddedBackup } from './embedded-restore';
import { MANIFEST_NAME, type BackupManifest } from './manifest';
import { extractTar, TarWriter } from './tar';

/** The tables whose rows a restore must bring back: the school's money and its journal. */
const KEY_TABLES = [
  'organizations',
  'students',
  'invoices',
  'payment_attempts',
  'receipts',
  'ledger_transactions',
  'ledger_entries',
  'audit_entries',
] as const;
type Counts = Record<(typeof KEY_TABLES)[number], number>;

async function countRows(pool: pg.Pool): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of KEY_TABLES) {
    const result = await pool.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

/**
 * The product's own pool: an idle client cut off when its engine stops (`pool.end()` resolves
 * before the server has read every goodbye) must not become an uncaught error.
 */
function connect(url: string) {
  return connectDatabase(url, 4, schema);
}

/**
 * The embedded engine's backup, end to end: a school with invoices, desk payments, receipts, a
 * ledger and an audit chain; a backup taken while the engine runs and a cashier keeps taking
 * payments; a restore into a fresh directory that passes the ledger check and the audit chain
 * verification and holds at least everything committed before the backup started.
 */
describe('Backup and restore of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'ecolage-backup-'));
  // As root the engine runs as `postgres`, which must traverse the directories.
  chmodSync(root, 0o755);
  const source = path.join(root, 'source');
  const archive = path.join(root, 'sauvegarde.tar.gz');
  let engine: RunningEmbeddedPostgres | undefined;
  let app: FastifyInstance | undefined;
  let sourceDb: ReturnType<typeof connect> | undefined;
  let before: Counts;
  let after: Counts;
  let manifest: BackupManifest;
  let paidDuringBackup = 0;

  beforeAll(async () => {
    engine = await startEmbeddedPostgres({ dataDir: source });
    const live = connect(engine.url);
    sourceDb = live;
    await runMigrations(live.pool);
    await seedDemoData(live.db);
    app = await buildApp(testAppOptions({ db: live.db, engine: 'embedded' }));
    await app.ready();
    const { accessToken } = await logIn(app, 'caisse@ecole-demo.tg', DEMO_PASSWORD);
    const cashier = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app!.inject({ method, url, payload, headers: { authorization: `Bearer ${accessToken}` } });
    const opened = await cashier('POST', '/api/cash-sessions', { openingFloat: 10_000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const payments = `/api/cash-sessions/${opened.json().id}/payments`;
    const unpaid = await live.pool.query<{ id: string; student_id: string; due: number }>(
      `select id, student_id, (total - paid)::int as due from invoices
        where status in ('open', 'partially_paid') and total > paid order by due_on, number`,
    );
    const pay = async (invoice: { id: string; student_id: string; due: number }) => {
      const response = await cashier('POST', payments, {
        studentId: invoice.student_id,
        invoiceIds: [invoice.id],
        amount: invoice.due,
        method: 'CASH',
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    const queue = [...unpaid.rows];
    expect(queue.length).toBeGreaterThan(12);
    for (const invoice of queue.splice(0, 6)) await pay(invoice);

    before = await countRows(live.pool);
    expect(before.payment_attempts).toBeGreaterThanOrEqual(6);
    // The cashier keeps working while the backup runs.
    let backingUp = true;
    const writer = (async () => {
      while (backingUp && queue.length > 0) {
        await pay(queue.shift()!);
        paidDuringBackup += 1;
      }
    })();
    try {
      manifest = await takeEmbeddedBackup({ dataDir: source, out: archive });
    } finally {
      backingUp = false;
      await writer;
    }
    after = await countRows(live.pool);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await sourceDb?.pool.end();
    await engine?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('restores into a fresh directory a database that passes ledger:check and audit:verify', async () => {
    expect(paidDuringBackup).toBeGreaterThan(0);
    expect(manifest.engine.version).toMatch(/^18\./);
    expect(manifest.migrations).toBeGreaterThan(50);
    expect(manifest.wal.segments.length).toBeGreaterThan(0);
    expect(manifest.files['pg/backup_label']).toBeDefined();
    expect(manifest.files['db-credentials.json']).toBeDefined();

    const target = path.join(root, 'restauree');
    const log: string[] = [];
    const restored = await restoreEmbeddedBackup({
      archive,
      dataDir: target,
      onEngineLog: (line) => log.push(line),
    });
    expect(restored.migrations).toBe(manifest.migrations);
    // Recovery started from the backup's checkpoint and went past its end before opening.
    expect(log.join('\n')).toMatch(/starting backup recovery/);
    expect(log.join('\n')).toMatch(/completed backup recovery/);

    const copy = await startEmbeddedPostgres({ dataDir: target });
    const restoredDb = connect(copy.url);
    try {
      const counts = await countRows(restoredDb.pool);
      for (const table of KEY_TABLES) {
        expect(counts[table], table).toBeGreaterThanOrEqual(before[table]);
        expect(counts[table], table).toBeLessThanOrEqual(after[table]);
      }
      const ledger = await checkAllSchools(restoredDb.db);
      expect(ledger.length).toBeGreaterThan(0);
      for (const school of ledger) expect(school.agrees, JSON.stringify(school)).toBe(true);
      const chains = await verifyAllChains(restoredDb.db);
      expect(chains.length).toBeGreaterThan(0);
      for (const chain of chains) expect(chain.check.valid, JSON.stringify(chain)).toBe(true);
    } finally {
      await restoredDb.pool.end();
      await copy.stop();
    }
  }, 120_000);

  it('refuses a directory that is not empty, in French, and leaves it untouched', async () => {
    const busy = path.join(root, 'occupe');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'notes.txt'), 'à garder');
    await expect(restoreEmbeddedBackup({ archive, dataDir: busy })).rejects.toThrow(
      /n'est pas vide : une restauration se fait uniquement dans un répertoire neuf/,
    );
    expect(readFileSync(path.join(busy, 'notes.txt'), 'utf8')).toBe('à garder');
  });

  it('refuses an archive whose content does not match its checksums, and one cut short', async () => {
    // Same archive, one byte of a table file changed, the manifest kept: the checksum catches it.
    const unpacked = path.join(root, 'depaquetee');
    mkdirSync(unpacked);
    const entries = await extractTar(
      createReadStream(archive).pipe(createGunzip()),
      unpacked,
      (name) => name === MANIFEST_NAME,
    );
    const victim = entries.find(
      (entry) => entry.name.startsWith('pg/base/') && entry.type === 'file',
    );
    const bytes = readFileSync(path.join(unpacked, victim!.name));
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    writeFileSync(path.join(unpacked, victim!.name), bytes);
    const tampered = path.join(root, 'alteree.tar.gz');
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(tampered));
    const tar = new TarWriter(gzip);
    for (const entry of entries) {
      if (entry.type === 'directory') await tar.directory(entry.name);
      else if (entry.content) await tar.buffer(entry.name, entry.content);
      else await tar.file(entry.name, path.join(unpacked, entry.name));
    }
    await tar.finish();
    await written;
    const fresh = path.join(root, 'neuf-1');
    await expect(restoreEmbeddedBackup({ archive: tampered, dataDir: fresh })).rejects.toThrow(
      /est corrompue : 1 fichier\(s\) ne correspondent pas à leur somme de contrôle/,
    );

    // The archive cut in half: the compression's own check (or the missing end) catches it.
    const truncated = path.join(root, 'tronquee.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(
      restoreEmbeddedBackup({ archive: truncated, dataDir: path.join(root, 'neuf-2') }),
    ).rejects.toThrow(/est corrompue ou tronquée/);
  }, 60_000);
});
