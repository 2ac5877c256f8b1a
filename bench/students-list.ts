// The students screen at scale: 100 schools of 200 students and one of 20,000 (guardians,
// enrolments, three invoices each), bulk-inserted into a fresh database on a PostgreSQL server
// (BENCH_DATABASE_URL, by default the local one). Measures GET /api/students through the whole
// application (auth, validation, service, SQL) per filter, 200 runs after warm-up; target p95 ≤ 50 ms.
// Also times the full exports of the big school. Run alone: npx tsx bench/students-list.ts
// (BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN ANALYZE).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pathToFileURL } from 'node:url';
import type { Database } from '../apps/server/src/platform/db/database';
import { percentile } from './lib/percentile';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';

const TARGET_P95_MS = 50;

const FIRST_NAMES = (
  'Kossi Afi Koffi Ama Yawa Édem Sénamé Kodjo Akossiwa Komi Adjoa Mawuli Élise Kafui Dzifa Yao ' +
  'Abla Sélom Kokou Enyonam'
).split(' ');
const LAST_NAMES = (
  'Agbéko Mensah Lawson Amégnran Adjovi Kpodar Dossou Akakpo Ahiadzro Gbédémah Tété Afanou ' +
  'Kouévi Amouzou Attiogbé Sodji Dogbé Adzogblé Koudjo Ekué Apédo Tchalla Bawa Abalo Gnassingbé'
).split(' ');
const ACCENTED = 'éèêëïîôöüûàâçÉ';
const PLAIN = 'eeeeiioouuaace';

/**
 * One school's year, 3 programmes × 3 levels, `count` students (1 in 10 suspended, 1 in 10 pending)
 * each with a guardian (main payer), an enrolment (not the pending ones) and three invoices. Ids
 * are derived from the school and the student's number, so every insert is one generate_series.
 */
async function populateSchool(db: Database, organizationId: string, count: number) {
  // A version 4 shaped uuid (the API's schemas check the version and variant digits).
  const id = (kind: string) =>
    sql.raw(`overlay(overlay(md5('${organizationId}:${kind}:' || g) placing '4' from 13)
      placing '8' from 17)::uuid`);
  const names = (list: string[]) => sql.raw(`array[${list.map((name) => `'${name}'`).join(',')}]`);
  const name = sql`(${names(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] || ' '
    || (${names(LAST_NAMES)})[1 + (g * 13) % ${LAST_NAMES.length}]`;
  const folded = sql`translate(lower(${name}), ${ACCENTED}, ${PLAIN})`;
  const series = sql`generate_series(1, ${count}) g`;
  await db.execute(sql`with programme as (
      insert into programmes (organization_id, name)
      select ${organizationId}, unnest(array['BTS Comptabilité', 'Licence Informatique', 'Master Droit'])
      returning id)
    insert into levels (organization_id, programme_id, name, registration_fee, monthly_fee)
    select ${organizationId}, programme.id, 'N' || n, 50000, 150000
    from programme, generate_series(1, 3) n`);
  await db.execute(sql`insert into academic_years (organization_id, label, starts_on, ends_on, is_current)
    values (${organizationId}, '2026-2027', '2026-09-01', '2027-07-31', true)`);
  await db.execute(sql`insert into student_numbering (organization_id, last_number)
    values (${organizationId}, ${count})`);
  await db.execute(sql`with p as (select array_agg(id order by name) ids from programmes
      where organization_id = ${organizationId})
    insert into students (id, organization_id, matricule, full_name, search_key, phone, email,
      status, programme_id)
    select ${id('s')}, ${organizationId}, 'STU-' || lpad(g::text, 5, '0'), ${name},
      ${folded} || ' stu-' || lpad(g::text, 5, '0') || ' 228' || (90000000 + g) || ' ' || (90000000 + g),
      '+228' || (90000000 + g), 'eleve' || g || '@exemple.tg',
      case g % 10 when 0 then 'suspended' when 1 then 'pending' else 'active' end, p.ids[1 + g % 3]
    from ${series}, p`);
  await db.execute(sql`insert into guardians (id, organization_id, full_name, phone, search_key)
    select ${id('g')}, ${organizationId}, 'Parent ' || ${name}, '+228' || (70000000 + g),
      'parent ' || ${folded} || ' 228' || (70000000 + g) || ' ' || (70000000 + g)
    from ${series}`);
  // Fresh statistics, or the foreign-key checks of the next inserts scan whole tables per row.
  const analyze = (tables: string) =>
    count >= 1000 ? db.execute(sql.raw(`analyze ${tables}`)) : Promise.resolve();
  await analyze('students, guardians');
  await db.execute(sql`insert into student_guardians
      (organization_id, student_id, guardian_id, relation, is_main_payer)
    select ${organizationId}, ${id('s')}, ${id('g')}, 'mother', true from ${series}`);
  // Level N1–N3 of the student's programme, spread independently of the programme.
  await db.execute(sql`with l as (select array_agg(l.id order by p.name, l.name) ids from levels l
      join programmes p on p.organization_id = l.organization_id and p.id = l.programme_id
      where l.organization_id = ${organizationId}),
    y as (select id from academic_years where organization_id = ${organizationId})
    insert into enrolments (id, organization_id, student_id, level_id, academic_year_id)
    select ${id('e')}, ${organizationId}, ${id('s')}, l.ids[1 + (g % 3) * 3 + (g / 3) % 3], y.id
    from ${series}, l, y where g % 10 <> 1`);
  await analyze('enrolments');
  // Registration paid; October paid, partly paid or overdue; December not yet due.
  await db.execute(sql`with y as (select id from academic_years where organization_id = ${organizationId})
    insert into invoices (organization_id, number, student_id, enrolment_id, academic_year_id,
      schedule_key, label, due_on, status, total, paid, issued_at)
    select ${organizationId}, 'ST-2026-' || lpad((g * 3 + k)::text, 6, '0'), ${id('s')}, ${id('e')},
      y.id, item.key, item.label, item.due, item.status, item.total, item.paid, now()
    from ${series}, y, lateral (values
      (0, 'registration', 'Inscription', date '2026-09-15', 'paid', 50000, 50000),
      (1, 'month:2026-10', 'Scolarité octobre', date '2026-10-05',
        case g % 4 when 0 then 'open' when 1 then 'partially_paid' else 'paid' end, 150000,
        case g % 4 when 0 then 0 when 1 then 50000 else 150000 end),
      (2, 'month:2026-12', 'Scolarité décembre', date '2026-12-05', 'open', 150000, 0)
    ) item(k, key, label, due, status, total, paid)
    where g % 10 <> 1`);
  await db.execute(sql`insert into invoice_lines (organization_id, invoice_id, kind, label, amount,
      created_by)
    select organization_id, id, case when schedule_key = 'registration' then 'registration'
      else 'tuition' end, label, total, 'Banc d’essai'
    from invoices where organization_id = ${organizationId}`);
}

async function timeCase(app: FastifyInstance, token: string, url: string, runs: number) {
  const call = async () => {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    const elapsed = performance.now() - t0;
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return { elapsed, body: response.body };
  };
  for (let i = 0; i < 20; i += 1) await call(); // warm-up
  const durations: number[] = [];
  let body = '';
  for (let i = 0; i < runs; i += 1) {
    const result = await call();
    durations.push(result.elapsed);
    body = result.body;
  }
  durations.sort((a, b) => a - b);
  const total = (JSON.parse(body) as { total?: number }).total;
  const p95Ms = percentile(durations, 95);
  return {
    url,
    total,
    p50Ms: percentile(durations, 50),
    p95Ms,
    maxMs: percentile(durations, 100),
    withinTarget: p95Ms <= TARGET_P95_MS,
  };
}

async function timeExport(app: FastifyInstance, token: string, url: string) {
  const t0 = performance.now();
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  const ms = Math.round(performance.now() - t0);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  const rows = url.includes('xlsx') ? undefined : response.body.split('\r\n').length - 2;
  return { url, ms, bytes: response.rawPayload.length, rows };
}

export async function benchStudentsList(runs = 200) {
  return withScratchDatabase('students', async (database) => {
    const { app, organizationId: bigSchool, token } = await startBenchSchool(database);
    try {
      const t0 = performance.now();
      const others = await database.db.execute<{
        id: string;
      }>(sql`insert into organizations (name, slug)
      select 'École ' || g, 'ecole-banc-' || g from generate_series(1, 100) g returning id`);
      for (const school of others.rows) await populateSchool(database.db, school.id, 200);
      await database.db.execute(sql`analyze`);
      await populateSchool(database.db, bigSchool, 20_000);
      await database.db.execute(sql`analyze`);
      const counts = await database.db
        .execute(sql`select (select count(*) from students)::int students,
      (select count(*) from invoices)::int invoices, (select count(*) from guardians)::int guardians`);
      const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;

      const ids = await database.db.execute<{ programme: string; level: string }>(sql`select
      p.id programme, l.id level from levels l join programmes p on p.organization_id = l.organization_id
      and p.id = l.programme_id where l.organization_id = ${bigSchool} and p.name = 'Master Droit'
      and l.name = 'N2'`);
      const { programme, level } = ids.rows[0]!;
      const cases = {
        page1: '/api/students',
        page40: '/api/students?page=40',
        searchName: '/api/students?search=agbeko',
        searchNameAccents: `/api/students?search=${encodeURIComponent('KOSSI Agbéko')}`,
        searchMatricule: '/api/students?search=STU-12345',
        searchPhone: `/api/students?search=${encodeURIComponent('90 01 23')}`,
        status: '/api/students?status=suspended',
        programmeLevel: `/api/students?programmeId=${programme}&levelId=${level}`,
        balanceDue: '/api/students?balance=due',
        balanceOverdue: '/api/students?balance=overdue',
        summary: '/api/students/summary',
      };
      const list: Record<string, unknown> = {};
      for (const [key, caseUrl] of Object.entries(cases)) {
        list[key] = await timeCase(app, token, caseUrl, runs);
      }
      const exports = {
        studentsCsv: await timeExport(app, token, '/api/students/export'),
        studentsXlsx: await timeExport(app, token, '/api/students/export?format=xlsx'),
        invoicesCsv: await timeExport(app, token, '/api/invoices/export'),
        balancesCsv: await timeExport(app, token, '/api/invoices/balances/export'),
      };
      return {
        data: { ...counts.rows[0], seedSeconds },
        targetP95Ms: TARGET_P95_MS,
        runs,
        list,
        exports,
      };
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchStudentsList(), null, 2));
}
