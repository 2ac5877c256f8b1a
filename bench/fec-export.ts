// The FEC export of a school year at 500,000 payments (issue 19's target: streamed, time and peak
// memory ≤ 256 MB). A fresh database (BENCH_DATABASE_URL, by default the local server): one school
// with 20,000 students, their invoices (10 a student, VE: D 4111 matricule / C 70612) and 500,000
// wallet and cash payments over the school year (MM1…MM5, CA1: D 552x/571 / C 4111), written in
// bulk by SQL as the ledger stores them. Then GET /api/accounting/journal?format=fec over the year
// through the real application listening on a port (validation of every entry, lettering, the
// cursor, the stream), read by an HTTP client that keeps nothing: time to first byte, total time,
// bytes, lines, and the process's peak RSS and heap sampled every 20 ms. Run alone: npx tsx
// bench/fec-export.ts (BENCH_FEC_PAYMENTS, BENCH_FEC_STUDENTS change the size; PORT the port,
// 3105 by default). The stream holds a few pages at a time: what the RSS shows beyond the live
// heap is garbage V8 has not collected yet. Without a heap limit V8 collects late (500,000
// payments: peak RSS 405 MB, live heap < 170 MB); with the old space bounded as a 256 MB
// container bounds it (NODE_OPTIONS=--max-old-space-size=160) the same export stays under the
// target. Figures on a shared machine (PostgreSQL 15, Node 20), --max-old-space-size=160: 700,000
// transactions validated and 1,400,000 lines (222 MB) streamed in 62.6 s, first byte at 18.1 s,
// peak RSS 228 MB (172 MB before the request), live heap ≤ 99 MB.
import { sql } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Database } from '../apps/server/src/platform/db/database';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';

const PAYMENTS = Number(process.env.BENCH_FEC_PAYMENTS ?? 500_000);
const STUDENTS = Number(process.env.BENCH_FEC_STUDENTS ?? 20_000);
const INVOICES_PER_STUDENT = 10;
const TARGET_RSS_MB = 256;
const YEAR = { from: '2025-09-01', to: '2026-07-31' };
const CHUNK = 100_000;

/** Students STU-00001…, invoices and payments posted in bulk (balanced, one transaction a chunk). */
async function populate(db: Database, organizationId: string) {
  await db.execute(sql`insert into students (organization_id, matricule, full_name, search_key)
    select ${organizationId}, 'STU-' || lpad(g::text, 5, '0'), 'Élève ' || g, 'eleve ' || g
    from generate_series(1, ${sql.raw(String(STUDENTS))}) g`);
  const invoices = STUDENTS * INVOICES_PER_STUDENT;
  for (let start = 0; start < invoices; start += CHUNK) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`with made as (
          insert into ledger_transactions (id, organization_id, idempotency_key, journal,
            entry_date, label, piece_ref, source_type, source_id, created_at)
          select gen_random_uuid(), ${organizationId}, 'invoice:' || g, 'VE',
            ${YEAR.from}::date + ((g % ${sql.raw(String(INVOICES_PER_STUDENT))}) * 30), 'Écolage mois ' || (1 + g % 10),
            'FAC-2026-' || lpad(g::text, 6, '0'), 'invoice', gen_random_uuid(),
            now() + g * interval '1 microsecond'
          from generate_series(${sql.raw(String(start + 1))}, ${sql.raw(String(Math.min(start + CHUNK, invoices)))}) g
          returning id, idempotency_key)
        insert into ledger_entries (organization_id, transaction_id, account, auxiliary, debit, credit)
        select ${organizationId}, made.id, side.account, side.auxiliary, side.debit, side.credit
        from made, lateral (select split_part(made.idempotency_key, ':', 2)::int as g) n,
          lateral (values
            ('4111', 'STU-' || lpad((1 + n.g % ${sql.raw(String(STUDENTS))})::text, 5, '0'), 75000, 0),
            ('70612', null, 0, 75000)) side(account, auxiliary, debit, credit)`);
    });
  }
  for (let start = 0; start < PAYMENTS; start += CHUNK) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`with made as (
          insert into ledger_transactions (id, organization_id, idempotency_key, journal,
            entry_date, label, piece_ref, source_type, source_id, created_at)
          select gen_random_uuid(), ${organizationId}, 'payment:' || g,
            case when g % 20 = 0 then 'CA1' else 'MM' || (1 + g % 5) end,
            ${YEAR.from}::date + (g::bigint * 333 / ${sql.raw(String(PAYMENTS))})::int,
            'Paiement élève ' || (1 + g % ${sql.raw(String(STUDENTS))}), 'PG-' || g, 'payment', gen_random_uuid(),
            now() + g * interval '1 microsecond'
          from generate_series(${sql.raw(String(start + 1))}, ${sql.raw(String(Math.min(start + CHUNK, PAYMENTS)))}) g
          returning id, idempotency_key, journal)
        insert into ledger_entries (organization_id, transaction_id, account, auxiliary, debit, credit)
        select ${organizationId}, made.id, side.account, side.auxiliary, side.debit, side.credit
        from made, lateral (select split_part(made.idempotency_key, ':', 2)::int as g) n,
          lateral (values
            (case when made.journal = 'CA1' then '571' else '552' || substr(made.journal, 3) end,
              null, 30000, 0),
            ('4111', 'STU-' || lpad((1 + n.g % ${sql.raw(String(STUDENTS))})::text, 5, '0'), 0, 30000))
            side(account, auxiliary, debit, credit)`);
    });
  }
  await db.execute(sql`vacuum analyze ledger_transactions, ledger_entries, students`);
}

/** Reads the export over HTTP, keeping nothing but counts; RSS sampled meanwhile. */
function download(url: string, token: string) {
  return new Promise<{ status: number; bytes: number; lines: number; firstByteMs: number }>(
    (resolve, reject) => {
      const t0 = performance.now();
      let firstByteMs = 0;
      let bytes = 0;
      let lines = 0;
      http
        .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByteMs = performance.now() - t0;
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, bytes, lines: lines + 1, firstByteMs }),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

export async function benchFecExport() {
  return withScratchDatabase('fec', async (database) => {
    const { db } = database;
    const { app, organizationId, token } = await startBenchSchool(database);
    try {
      const t0 = performance.now();
      await populate(db, organizationId);
      const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
      await app.listen({ port: Number(process.env.PORT ?? 3105), host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      let peakHeap = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => {
        const usage = process.memoryUsage();
        peakRss = Math.max(peakRss, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      }, 20);
      const started = performance.now();
      const url = `http://127.0.0.1:${port}/api/accounting/journal?format=fec&from=${YEAR.from}&to=${YEAR.to}`;
      const result = await download(url, token);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (result.status !== 200) throw new Error(`export → ${result.status}`);
      const numbered = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from ledger_entry_numbers where organization_id = ${organizationId}`,
      );
      const peakMb = Math.round(peakRss / 1024 / 1024);
      const figures = {
        payments: PAYMENTS,
        invoices: STUDENTS * INVOICES_PER_STUDENT,
        entriesNumbered: numbered.rows[0]?.count ?? 0,
        seedSeconds,
        exportSeconds: Math.round(seconds * 10) / 10,
        firstByteSeconds: Math.round(result.firstByteMs / 100) / 10,
        megabytes: Math.round(result.bytes / 1024 / 1024),
        lines: result.lines,
        rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
        peakRssMb: peakMb,
        peakHeapUsedMb: Math.round(peakHeap / 1024 / 1024),
        withinTarget: peakMb <= TARGET_RSS_MB,
      };
      console.log(
        `FEC d'une année à ${PAYMENTS} paiements : ${figures.lines} lignes, ${figures.megabytes} Mo en ` +
          `${figures.exportSeconds} s (premier octet à ${figures.firstByteSeconds} s, dont la validation ` +
          `de ${figures.entriesNumbered} écritures), pic de mémoire ${peakMb} Mo ` +
          `(cible ≤ ${TARGET_RSS_MB} Mo : ${figures.withinTarget ? 'tenue' : 'DÉPASSÉE'})`,
      );
      return figures;
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchFecExport(), null, 2));
}
