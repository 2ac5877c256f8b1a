// Login latency and throughput with our argon2id parameters, and the cost of the audit entry that
// every mutation writes (the same insert with and without it, in one run).
import { sql } from 'drizzle-orm';
import { recordAuditEntry } from '../apps/server/src/modules/audit';
import { ARGON2_OPTIONS, hashPassword } from '../apps/server/src/modules/auth/password';
import { percentile, startInProcess } from './lib/in-process';

async function timeLogins(url: string, total: number, concurrency: number) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'direction@ecole-demo.tg', password: 'ecolage-demo' }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`login ${response.status}`);
      durations.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    logins: total,
    concurrency,
    perSecond: Math.round((total / seconds) * 10) / 10,
    p50Ms: percentile(durations, 50),
    p95Ms: percentile(durations, 95),
    p99Ms: percentile(durations, 99),
  };
}

async function timeHash(runs: number) {
  const durations: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await hashPassword('mot-de-passe-de-banc');
    durations.push(performance.now() - t0);
  }
  durations.sort((a, b) => a - b);
  return { runs, p50Ms: percentile(durations, 50), p95Ms: percentile(durations, 95) };
}

export async function benchAuth() {
  const product = await startInProcess({
    loginPolicy: { failureDelayMs: () => 0, accountLockMs: () => 0, ipLockMs: () => 0 },
    authRateLimit: { max: 100_000_000, timeWindow: '1 minute' },
  });
  try {
    const db = product.database.db;
    await timeLogins(product.url, 10, 1); // warm-up
    const login = {
      argon2id: ARGON2_OPTIONS,
      hashAlone: await timeHash(20),
      sequential: await timeLogins(product.url, 60, 1),
      concurrent: await timeLogins(product.url, 200, 8),
    };

    // Audit overhead: the same one-row insert, alone or with its audit entry, N transactions each.
    await db.execute(
      sql`create table bench_mutation (id bigserial primary key, label text not null)`,
    );
    const runs = 500;
    const measure = async (withAudit: boolean) => {
      const durations: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        await db.transaction(async (tx) => {
          await tx.execute(sql`insert into bench_mutation (label) values (${`mutation ${i}`})`);
          if (withAudit) {
            await recordAuditEntry(tx, {
              organizationId: null,
              actor: { type: 'system', label: 'Banc d’essai' },
              action: 'bench.mutation',
              resourceType: 'bench',
              resourceId: String(i),
              category: 'system',
              details: { i },
            });
          }
        });
        durations.push(performance.now() - t0);
      }
      durations.sort((a, b) => a - b);
      return { runs, p50Ms: percentile(durations, 50), p95Ms: percentile(durations, 95) };
    };
    await measure(false); // warm-up
    const without = await measure(false);
    const withAudit = await measure(true);
    return {
      login,
      auditOverhead: {
        withoutAudit: without,
        withAudit,
        addedP50Ms: Math.round((withAudit.p50Ms - without.p50Ms) * 10) / 10,
      },
    };
  } finally {
    await product.stop();
  }
}
