// « Comptabilité › Paiements » at scale (issue 19's target: the list and its totals, p95 ≤ 50 ms at
// 500,000 payments). One school with 500,000 settlement lines over its last year (5 % at the desk,
// 1 % refunds, weekly payouts: older lines paid, last week's in a payout being sent, the last two
// days pending), beside ten schools of 20,000 lines each, written in bulk with generate_series into
// a fresh database (BENCH_DATABASE_URL, by default the local server); the rollup is filled by the
// triggers as in production. Measures GET /api/accounting/settlements through the whole
// application (auth, validation, totals, page) for a mix of sorts, directions, pages (first, deep,
// middle, last) and filters (period, provider, status, payout, student search), BENCH_RUNS runs
// each after warm-up. Run alone: npx tsx bench/accounting-list.ts (BENCH_KEEP_DATABASE=1 keeps
// the database for EXPLAIN ANALYZE; BENCH_ACCOUNTING_LINES changes the big school's size).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pathToFileURL } from 'node:url';
import type { Database } from '../apps/server/src/platform/db/database';
import { percentile } from './lib/percentile';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';

const TARGET_P95_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP = 5;
const LINES = Number(process.env.BENCH_ACCOUNTING_LINES ?? 500_000);
const OTHER_SCHOOLS = 10;
const OTHER_LINES = 20_000;
const BASELINE = '/api/school/branding';

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
 * `count` lines of a school over the year before `now`: line g is (count − g) × 365/count days
 * old, for student 1 + g % 20,000 (500 name pairs), by provider (hashed: 5 % desk), 25,000 to
 * 150,000 F (1 % refunds, negative), commission 1.5 %, fee 1 % + 25 F (none at the desk); week w
 * of age has payout w (`VIR-2026-<53 − w>`).
 */
async function populateLines(db: Database, organizationId: string, count: number, now: Date) {
  const names = (list: string[]) => sql.raw(`array[${list.map((name) => `'${name}'`).join(',')}]`);
  const student = sql`(1 + g % 20000)`;
  const label = sql`(${names(FIRST_NAMES)})[1 + (${student} * 7) % ${FIRST_NAMES.length}] || ' '
    || (${names(LAST_NAMES)})[1 + (${student} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
  const payoutId = (week: string) =>
    sql.raw(`overlay(overlay(md5('${organizationId}:payout:' || ${week}) placing '4' from 13)
      placing '8' from 17)::uuid`);
  await db.execute(sql`insert into payouts (id, organization_id, reference, status, rail,
      transfer_id, period_start, period_end, gross, commission, provider_fee, net, payment_count,
      account_masked, origin, scheduled_for, sent_at)
    select ${payoutId('w')}, ${organizationId}, 'VIR-2026-' || lpad((53 - w)::text, 6, '0'),
      case when w = 0 then 'sending' else 'paid' end, 'sandbox', 'TRF' || upper(substr(md5(${organizationId} || w), 1, 10)),
      (${now.toISOString()}::timestamptz - (w + 1) * interval '7 days')::date,
      (${now.toISOString()}::timestamptz - w * interval '7 days')::date,
      0, 0, 0, 0, 0, '•••• 4321', 'schedule',
      (${now.toISOString()}::timestamptz - w * interval '7 days')::date,
      ${now.toISOString()}::timestamptz - w * interval '7 days'
    from generate_series(0, 53) w`);
  await db.execute(sql`insert into payment_settlements (organization_id, kind, payment_id,
      refund_id, provider, wallet, occurred_at, day, student_id, student_label, student_sort_key,
      gross, commission, provider_fee, net, commission_rate_bp, fee_percent_bp, fee_fixed_xof,
      status, payout_id)
    select ${organizationId}, case when x.refund then 'refund' else 'payment' end,
      gen_random_uuid(), case when x.refund then gen_random_uuid() end, p.provider, p.wallet, x.moment,
      (x.moment at time zone 'Africa/Lome')::date, null, x.label,
      translate(lower(x.label), ${ACCENTED}, ${PLAIN}), x.gross, f.commission, f.fee,
      x.gross - f.commission - f.fee, 150, 100, 25,
      case when p.provider = 'desk' then 'at_desk' when x.age < 2 then 'pending'
        when x.age < 7 then 'in_payout' else 'paid' end,
      case when p.provider = 'desk' or x.age < 2 then null
        else ${payoutId('floor(x.age / 7)::int')} end
    from generate_series(1, ${count}) g,
      lateral (select ${label} as label, abs(hashint4(g) % 100) = 0 as refund,
        (${count} - g) * 365.0 / ${count} as age,
        ${now.toISOString()}::timestamptz - interval '1 minute'
          - (${count} - g) * (interval '365 days' / ${count}) as moment,
        (case when abs(hashint4(g) % 100) = 0 then -1 else 1 end)
          * (25000 + 5000 * abs(hashint4(g * 3) % 26)) as gross) x,
      lateral (select (array['paygate', 'paygate', 'fedapay', 'mtn', 'orange', 'wave', 'desk'])[c] provider,
          (array['YAS_TG', 'MOOV_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'CASH'])[c] wallet
        from (select case when abs(hashint4(-g) % 20) = 0 then 7 else 1 + abs(hashint4(-g) % 6) end c)
          choice) p,
      lateral (select case when p.provider = 'desk' then 0 else trunc(x.gross * 0.015)::bigint end commission,
        case when p.provider = 'desk' then 0 else trunc(x.gross * 0.01)::bigint + 25 * sign(x.gross)::bigint end fee) f`);
}

interface CaseResult {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  withinTarget: boolean;
  total: number;
}

async function timeCase(app: FastifyInstance, token: string, query: string): Promise<CaseResult> {
  // The baseline: a small authenticated call, what any request costs here before its own work.
  const url = query === BASELINE ? query : `/api/accounting/settlements?${query}`;
  const once = async () => {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200) {
      throw new Error(
        `GET /api/accounting/settlements?${query} → ${response.statusCode} ${response.body}`,
      );
    }
    return { ms, total: (response.json() as { total?: number }).total ?? 0 };
  };
  const first = await once();
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const durations: number[] = [];
  for (let i = 0; i < RUNS; i += 1) durations.push((await once()).ms);
  durations.sort((a, b) => a - b);
  const p95Ms = percentile(durations, 95);
  return {
    p50Ms: percentile(durations, 50),
    p95Ms,
    maxMs: percentile(durations, 100),
    withinTarget: p95Ms <= TARGET_P95_MS,
    total: first.total,
  };
}

export async function benchAccountingList() {
  return withScratchDatabase('accounting', async (database) => {
    const { db } = database;
    const { app, organizationId: bigSchool, token } = await startBenchSchool(database);
    try {
      const now = new Date();
      const t0 = performance.now();
      const others = await db.execute<{ id: string }>(sql`insert into organizations (name, slug)
        select 'École ' || g, 'ecole-banc-' || g from generate_series(1, ${OTHER_SCHOOLS}) g
        returning id`);
      for (const school of others.rows) await populateLines(db, school.id, OTHER_LINES, now);
      await populateLines(db, bigSchool, LINES, now);
      await db.execute(sql`vacuum analyze payment_settlements, settlement_day_totals, payouts`);
      const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
      const facts = await db.execute<Record<string, number | string>>(sql`select
        (select count(*) from payment_settlements where organization_id = ${bigSchool})::int lines,
        (select count(*) from payment_settlements)::int "allLines",
        (select count(*) from settlement_day_totals where organization_id = ${bigSchool})::int "rollupRows",
        (select id::text from payouts where organization_id = ${bigSchool}
          order by reference desc offset 10 limit 1) payout,
        (select to_char(current_date - 40, 'YYYY-MM-DD')) "monthFrom",
        (select to_char(current_date - 10, 'YYYY-MM-DD')) "monthTo",
        (select to_char(current_date - 200, 'YYYY-MM-DD')) "dayAgo"`);
      const fact = facts.rows[0]!;
      const total = Number(fact.lines);
      const middle = Math.ceil(total / 16);
      const last = Math.ceil(total / 8);
      const month = `from=${fact.monthFrom}&to=${fact.monthTo}`;

      const cases: Record<string, string> = {
        baseline: BASELINE,
        firstPage: '',
        page2: 'page=2',
        page1000: 'page=1000',
        middlePage: `page=${middle}`,
        lastPage: `page=${last}`,
        oldestFirst: 'dir=asc',
        studentAsc: 'sort=student&dir=asc',
        studentMiddle: `sort=student&dir=asc&page=${middle}`,
        grossDesc: 'sort=gross&dir=desc',
        grossMiddle: `sort=gross&dir=desc&page=${middle}`,
        commissionAsc: 'sort=commission&dir=asc&page=500',
        feeDesc: 'sort=fee&dir=desc&page=20000',
        netAsc: `sort=net&dir=asc&page=${last}`,
        statusAsc: 'sort=status&dir=asc',
        statusMiddle: `sort=status&dir=asc&page=${middle}`,
        transferDesc: 'sort=transfer&dir=desc',
        transferMiddle: `sort=transfer&dir=asc&page=${middle}`,
        month: month,
        monthMtn: `${month}&provider=mtn`,
        monthGross: `${month}&sort=gross&dir=desc&page=100`,
        oneDayStudent: `from=${fact.dayAgo}&to=${fact.dayAgo}&sort=student&dir=asc&page=50`,
        pending: 'status=pending',
        paidWaveStatusSort: 'status=paid&provider=wave&sort=status&page=3000',
        deskGross: `provider=desk&sort=gross&page=${Math.ceil(total / 20 / 16)}`,
        payout: `payoutId=${fact.payout}`,
        payoutByNet: `payoutId=${fact.payout}&sort=net&dir=desc&page=60`,
        payoutTransferSort: `payoutId=${fact.payout}&sort=transfer&page=30`,
        searchName: 'q=mensah',
        searchFullName: 'q=kossi%20agbeko',
        searchFilters: `q=lawson&${month}&sort=gross`,
        searchTransferSort: 'q=yao%20dossou&sort=transfer&dir=desc&page=3',
      };
      const results: Record<string, CaseResult> = {};
      for (const [key, query] of Object.entries(cases)) {
        results[key] = await timeCase(app, token, query);
      }

      const all = Object.entries(results)
        .filter(([key]) => key !== 'baseline')
        .map(([, result]) => result);
      console.log(
        `\n${'cas'.padEnd(20)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}  lignes filtrées`,
      );
      for (const [key, result] of Object.entries(results)) {
        const cells = [result.p50Ms, result.p95Ms, result.maxMs].map((ms) =>
          `${ms.toFixed(1)}`.padStart(7),
        );
        console.log(
          `${key.padEnd(20)} ${cells.join(' ')} ms  ${result.total}${result.withinTarget ? '' : '  > 50 ms'}`,
        );
      }
      return {
        data: { ...fact, seedSeconds },
        targetP95Ms: TARGET_P95_MS,
        runs: RUNS,
        worstP95Ms: Math.max(...all.map((result) => result.p95Ms)),
        allWithinTarget: all.every((result) => result.withinTarget),
        cases: Object.fromEntries(
          Object.entries(results).map(([key, result]) => [key, { query: cases[key], ...result }]),
        ),
      };
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchAccountingList(), null, 2));
}
