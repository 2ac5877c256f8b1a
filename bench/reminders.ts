// The reminder engine at scale (issue 18's targets), on fresh databases of a PostgreSQL server
// (BENCH_DATABASE_URL, by default the local one): (a) planning one school of 20,000 students
// with the four default reminders enabled — target ≤ 2 s; (b) 50,000 reminders planned, then
// dispatched and handed to an SMS gateway through the outbox by two worker processes at once —
// total time, each process's peak RSS, and duplicates counted at the gateway (must be 0).
// Run alone: npx tsx bench/reminders.ts
import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { planSchoolReminders } from '../apps/server/src/modules/automations';
import type { Database } from '../apps/server/src/platform/db/database';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';

const PLANNING_TARGET_MS = 2_000;
const SECRET = 'secret-de-banc-d-essai-de-32-caracteres-au-moins';
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `count` active students, each with a guardian of their own (main payer, a phone) and two open
 * invoices: 5 October 2026 (overdue) and 5 December 2026. One bulk insert per table.
 */
async function populate(db: Database, organizationId: string, count: number) {
  const id = (kind: string) =>
    sql.raw(`overlay(overlay(md5('${organizationId}:${kind}:' || g) placing '4' from 13)
      placing '8' from 17)::uuid`);
  const series = sql`generate_series(1, ${count}) g`;
  await db.execute(sql`insert into academic_years (organization_id, label, starts_on, ends_on, is_current)
    values (${organizationId}, '2026-2027', '2026-09-01', '2027-07-31', true)`);
  await db.execute(sql`insert into students (id, organization_id, matricule, full_name, search_key)
    select ${id('s')}, ${organizationId}, 'STU-' || lpad(g::text, 6, '0'), 'Élève AGBÉKO ' || g,
      'eleve agbeko ' || g from ${series}`);
  await db.execute(sql`insert into guardians (id, organization_id, full_name, phone, search_key)
    select ${id('g')}, ${organizationId}, 'Parent ' || g, '+228' || (70000000 + g), 'parent ' || g
    from ${series}`);
  await db.execute(sql.raw('analyze students, guardians'));
  await db.execute(sql`insert into student_guardians
      (organization_id, student_id, guardian_id, relation, is_main_payer)
    select ${organizationId}, ${id('s')}, ${id('g')}, 'mother', true from ${series}`);
  await db.execute(sql`with y as (select id from academic_years where organization_id = ${organizationId})
    insert into invoices (organization_id, number, student_id, academic_year_id, label, due_on,
      status, total, paid, issued_at)
    select ${organizationId}, 'ST-2026-' || lpad((g * 2 + k)::text, 7, '0'), ${id('s')}, y.id,
      item.label, item.due, 'open', 150000, 0, now()
    from ${series}, y, lateral (values
      (0, 'Scolarité octobre', date '2026-10-05'),
      (1, 'Scolarité décembre', date '2026-12-05')) item(k, label, due)`);
  await db.execute(sql.raw('analyze student_guardians, invoices'));
}

async function workflow(
  db: Database,
  organizationId: string,
  name: string,
  trigger: 'invoice_due_in' | 'invoice_overdue',
  params: object,
) {
  await db.execute(sql`insert into workflows (organization_id, name, trigger, params, channel,
      recipients, template, enabled, created_by)
    values (${organizationId}, ${name}, ${trigger}, ${JSON.stringify(params)}::jsonb, 'sms',
      'main_payer', '{ecole}: {montant} pour {eleve} avant le {echeance}. Payez: {lien}', true,
      'Banc d’essai')`);
}

async function benchPlanning() {
  return withScratchDatabase('reminders_plan', async (database) => {
    const { app, organizationId } = await startBenchSchool(database);
    try {
      await populate(database.db, organizationId, 20_000);
      // The defaults, enabled: J-7, J-1, J+3, J+10 (every 7 days, 3 times).
      await database.db.execute(
        sql`delete from workflows where organization_id = ${organizationId}`,
      );
      await workflow(database.db, organizationId, 'J-7', 'invoice_due_in', { days: 7 });
      await workflow(database.db, organizationId, 'J-1', 'invoice_due_in', { days: 1 });
      await workflow(database.db, organizationId, 'J+3', 'invoice_overdue', { days: 3 });
      await workflow(database.db, organizationId, 'J+10', 'invoice_overdue', {
        days: 10,
        repeatEveryDays: 7,
        repeatTimes: 3,
      });
      const now = new Date('2026-11-28T06:00:00Z');
      const t0 = performance.now();
      const first = await planSchoolReminders(database.db, organizationId, now);
      const firstMs = performance.now() - t0;
      const t1 = performance.now();
      const again = await planSchoolReminders(database.db, organizationId, now);
      const againMs = performance.now() - t1;
      return {
        students: 20_000,
        planned: first.inserted,
        firstRunMs: Math.round(firstMs),
        secondRunMs: Math.round(againMs),
        secondRunInserted: again.inserted,
        targetMs: PLANNING_TARGET_MS,
        withinTarget: firstMs <= PLANNING_TARGET_MS,
      };
    } finally {
      await app.close();
    }
  });
}

/** A gateway speaking the simple JSON protocol ({ to, from, body } → { id }), counting per phone. */
async function startGateway() {
  const received = new Map<string, number>();
  let total = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { to } = JSON.parse(body) as { to: string };
      received.set(to, (received.get(to) ?? 0) + 1);
      total += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: `gw-${total}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    figures: () => ({
      received: total,
      phones: received.size,
      duplicates: [...received.values()].reduce((sum, n) => sum + (n - 1), 0),
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function runWorker(args: string[]): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'lib', 'reminder-worker.ts'), ...args],
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(JSON.parse(line) as Record<string, number>);
      else reject(new Error(`reminder worker exited with ${code}: ${output}`));
    });
  });
}

async function benchSending(count = 50_000) {
  return withScratchDatabase('reminders_send', async (database) => {
    const { app, organizationId } = await startBenchSchool(database);
    const gateway = await startGateway();
    try {
      await populate(database.db, organizationId, count);
      await database.db.execute(
        sql`delete from workflows where organization_id = ${organizationId}`,
      );
      await workflow(database.db, organizationId, 'J-3', 'invoice_due_in', { days: 3 });
      const t0 = performance.now();
      const planned = await planSchoolReminders(
        database.db,
        organizationId,
        new Date('2026-12-02T06:00:00Z'),
      );
      const planMs = performance.now() - t0;
      const url = (database.pool.options as { connectionString: string }).connectionString;
      const t1 = performance.now();
      const workers = await Promise.all(
        [1, 2].map(() => runWorker([url, gateway.url, SECRET, '2026-12-02T10:30:00Z'])),
      );
      const sendMs = performance.now() - t1;
      const messages = await database.db.execute<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from outbound_messages group by status`,
      );
      return {
        planned: planned.inserted,
        planMs: Math.round(planMs),
        dispatchAndSendMs: Math.round(sendMs),
        perSecond: Math.round((planned.inserted / sendMs) * 1000),
        workers,
        outbox: Object.fromEntries(messages.rows.map((row) => [row.status, Number(row.n)])),
        gateway: gateway.figures(),
      };
    } finally {
      await gateway.close();
      await app.close();
    }
  });
}

export async function benchReminders() {
  // BENCH_REMINDERS_COUNT: fewer reminders for a quick run (50,000 by default).
  const count = Number(process.env.BENCH_REMINDERS_COUNT ?? 50_000);
  if (process.env.BENCH_REMINDERS_SENDING_ONLY) {
    const sending = await benchSending(count);
    console.log(`${count} rappels, 2 processus :`, sending);
    return { sending };
  }
  const planning = await benchPlanning();
  console.log('Planification (20 000 élèves) :', planning);
  if (process.env.BENCH_REMINDERS_PLANNING_ONLY) return { planning };
  const sending = await benchSending(count);
  console.log(`${count} rappels, 2 processus :`, sending);
  return { planning, sending };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchReminders();
}
