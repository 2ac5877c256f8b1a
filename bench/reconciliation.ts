// Reconciling a 100,000-line statement (issue 19's target): 100,000 PayGate payments that
// succeeded in March with their settlement lines (fee 2.5 %), in a fresh database, and PayGate's
// CSV statement of them with planted differences of known counts — amounts changed, fees changed,
// payments left out (here only), lines we do not know (provider only), credits without a reference
// of ours (unasked). The statement goes through POST /api/accounting/statements (the whole
// application: multipart, parsing, the set-based match, the queue, the unasked credits); then the
// queue is compared with what was planted: every planted difference found, nothing else flagged.
// Run alone: npx tsx bench/reconciliation.ts (BENCH_RECONCILIATION_LINES for a quicker run).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';

const LINES = Number(process.env.BENCH_RECONCILIATION_LINES ?? 100_000);
const PLANTED = {
  amount_differs: 37,
  fee_differs: 23,
  here_only: 41,
  provider_only: 19,
  incoming: 5,
};

const fee = (amount: number) => Math.floor((amount * 250 + 5000) / 10000);

export async function benchReconciliation() {
  return withScratchDatabase('reconciliation', async (database) => {
    const { db } = database;
    const { app, organizationId, token } = await startBenchSchool(database);
    try {
      const call = (method: 'POST', url: string, payload: object) =>
        app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
      const student = (await call('POST', '/api/students', { fullName: 'Awa Mensah' })).json();
      const guardian = (
        await call('POST', `/api/students/${student.id}/guardians`, {
          fullName: 'Kodjo Mensah',
          phone: '90112233',
          relation: 'father',
        })
      ).json();
      const t0 = performance.now();
      await db.execute(sql`
        insert into payment_attempts (id, organization_id, guardian_id, provider, wallet, amount,
          status, provider_ref, provider_txn_id, created_by, expires_at, succeeded_at)
        select gen_random_uuid(), ${organizationId}, ${guardian.id}, 'paygate', 'MOOV_TG',
          5000 + (g % 200) * 1000, 'succeeded', 'PG' || g, 'PR' || g, 'bench', now(),
          '2026-03-01T08:00:00Z'::timestamptz + (g * interval '20 seconds')
        from generate_series(1, ${LINES}) g`);
      await db.execute(sql`
        insert into payment_settlements (organization_id, kind, payment_id, provider, wallet,
          occurred_at, day, student_label, student_sort_key, gross, commission, provider_fee, net,
          commission_rate_bp, fee_percent_bp, fee_fixed_xof, status)
        select organization_id, 'payment', id, 'paygate', 'MOOV_TG', succeeded_at,
          (succeeded_at at time zone 'UTC')::date, 'Awa Mensah', 'awa mensah', amount, 0,
          (amount * 250 + 5000) / 10000, amount - (amount * 250 + 5000) / 10000, 0, 250, 0, 'pending'
        from payment_attempts where organization_id = ${organizationId}`);
      await db.execute(sql`analyze`);
      const payments = await db.execute<{
        id: string;
        amount: string;
        ref: string;
        at: string;
      }>(sql`
        select id, amount, provider_ref as ref,
          to_char(succeeded_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at
        from payment_attempts where organization_id = ${organizationId} order by succeeded_at`);
      const seedSeconds = (performance.now() - t0) / 1000;

      // The planted differences, on payments spread through the statement.
      const rows = payments.rows;
      const step = Math.floor(rows.length / 130);
      const pick = (offset: number, count: number) =>
        new Set(
          Array.from(
            { length: count },
            (_, index) => rows[(offset + index * step) % rows.length]!.id,
          ),
        );
      const amountChanged = pick(1, PLANTED.amount_differs);
      const feeChanged = pick(3, PLANTED.fee_differs);
      const missing = pick(5, PLANTED.here_only);
      const lines = [
        'tx_reference,identifier,payment_reference,amount,fees,net_amount,datetime,payment_method,phone_number,status',
      ];
      for (const row of rows) {
        if (missing.has(row.id)) continue;
        const amount = Number(row.amount) + (amountChanged.has(row.id) ? 500 : 0);
        const charged = fee(Number(row.amount)) + (feeChanged.has(row.id) ? 25 : 0);
        lines.push(
          `${row.ref},${row.id},${row.ref.slice(2)}0,${amount},${charged},${amount - charged},${row.at},FLOOZ,22890112233,0`,
        );
      }
      const unknown = new Set<string>();
      for (let index = 0; index < PLANTED.provider_only; index += 1) {
        const ref = `PGX${index}`;
        unknown.add(ref);
        lines.push(
          `${ref},${randomUUID()},9${index},10000,250,9750,2026-03-15 10:00:00,FLOOZ,22890000000,0`,
        );
      }
      for (let index = 0; index < PLANTED.incoming; index += 1) {
        lines.push(
          `PGM${index},STU-${index},8${index},15000,375,14625,2026-03-16 10:00:00,FLOOZ,22891000000,0`,
        );
      }
      const body = `${lines.join('\n')}\n`;
      const boundary = 'bench-boundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\npaygate\r\n--${boundary}\r\nContent-Disposition: form-data; name="from"\r\n\r\n2026-03-01\r\n--${boundary}\r\nContent-Disposition: form-data; name="to"\r\n\r\n2026-03-31\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paygate-mars.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(body),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const rss0 = process.memoryUsage().rss;
      const t1 = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/accounting/statements',
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      const importSeconds = (performance.now() - t1) / 1000;
      if (response.statusCode !== 201)
        throw new Error(`import → ${response.statusCode} ${response.body.slice(0, 2000)}`);
      const result = response.json();

      // Zero wrong matches: the queue holds exactly what was planted.
      const items = await db.execute<{
        kind: string;
        payment_id: string | null;
        provider_txn_id: string | null;
      }>(sql`
        select kind, payment_id, provider_txn_id from reconciliation_items where organization_id = ${organizationId}`);
      const found = (kind: string) => items.rows.filter((item) => item.kind === kind);
      const sameSet = (a: Set<string>, b: string[]) =>
        a.size === b.length && b.every((value) => a.has(value));
      const checks = {
        amount_differs: sameSet(
          amountChanged,
          found('amount_differs').map((item) => item.payment_id!),
        ),
        fee_differs: sameSet(
          feeChanged,
          found('fee_differs').map((item) => item.payment_id!),
        ),
        here_only: sameSet(
          missing,
          found('here_only').map((item) => item.payment_id!),
        ),
        provider_only: sameSet(
          unknown,
          found('provider_only').map((item) => item.provider_txn_id!),
        ),
        incoming: result.incomingCredits === PLANTED.incoming,
        matched:
          result.matched ===
          rows.length - PLANTED.amount_differs - PLANTED.fee_differs - PLANTED.here_only,
        nothingElse:
          items.rows.length ===
          PLANTED.amount_differs + PLANTED.fee_differs + PLANTED.here_only + PLANTED.provider_only,
      };
      const wrong = Object.entries(checks)
        .filter(([, good]) => !good)
        .map(([name]) => name);
      return {
        statementLines: lines.length - 1,
        fileMegabytes: Math.round(body.length / 1e5) / 10,
        seedSeconds: Math.round(seedSeconds * 10) / 10,
        importAndMatchSeconds: Math.round(importSeconds * 100) / 100,
        linesPerSecond: Math.round((lines.length - 1) / importSeconds),
        rssGrowthMb: Math.round((process.memoryUsage().rss - rss0) / 1e6),
        matched: result.matched,
        differences: result.differences,
        incomingCredits: result.incomingCredits,
        planted: PLANTED,
        wrongMatches: wrong.length,
        failedChecks: wrong,
      };
    } finally {
      await app.close();
    }
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchReconciliation();
  console.log(JSON.stringify(result, null, 2));
  if (result.wrongMatches > 0) process.exitCode = 1;
}
