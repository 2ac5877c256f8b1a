import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { insertLine, insertPayout, rollupAndDirectSums } from './settlement-lines.test-support';

/**
 * The rollup `settlement_day_totals` is kept by triggers on `payment_settlements`: after any
 * insert, update or delete, its rows equal the lines summed directly by the same key.
 */
describe('settlement_day_totals follows payment_settlements', () => {
  const { app, database } = useTestApp();
  const db = () => database().db;
  let schools: string[];
  const base = Date.parse('2026-05-01T09:00:00Z');

  async function expectRollupRight() {
    const { rollup, direct } = await rollupAndDirectSums(db());
    expect(rollup).toEqual(direct);
    return rollup.length;
  }

  beforeAll(async () => {
    schools = [
      (await signUpSchool(app(), 'Lycée Les Cocotiers')).organizationId,
      (await signUpSchool(app(), 'Collège Voisin')).organizationId,
    ];
  });

  it('stays equal to a direct SUM after inserts, status and payout changes, amount edits and deletes', async () => {
    // One line at a time, then many in one statement.
    for (let i = 0; i < 30; i += 1) {
      await insertLine(db(), {
        organizationId: schools[i % 2]!,
        kind: i % 7 === 6 ? 'refund' : 'payment',
        provider: ['mtn', 'wave', 'desk'][i % 3]!,
        wallet: ['MTN', 'WAVE', 'CASH'][i % 3]!,
        occurredAt: new Date(base + Math.floor(i / 4) * 86_400_000 + i * 60_000),
        studentLabel: 'Ama Mensah',
        gross: (i % 7 === 6 ? -1 : 1) * (5_000 + i * 100),
        commission: i % 3 === 2 ? 0 : 50,
        providerFee: i % 3 === 2 ? 0 : 100,
        status: i % 3 === 2 ? 'at_desk' : 'pending',
        payoutId: null,
      });
    }
    await db().execute(sql`insert into payment_settlements (organization_id, kind, payment_id,
      provider, wallet, occurred_at, day, student_label, student_sort_key, gross, commission,
      provider_fee, net, commission_rate_bp, fee_percent_bp, fee_fixed_xof, status)
      select ${schools[0]}, 'payment', gen_random_uuid(), 'paygate', 'YAS_TG',
        timestamptz '2026-05-03 10:00Z' + g * interval '1 hour',
        (timestamptz '2026-05-03 10:00Z' + g * interval '1 hour')::date, 'Yao Dossou', 'yao dossou',
        1000 * g, 10 * g, 5 * g, 985 * g, 100, 50, 0, 'pending'
      from generate_series(1, 200) g`);
    expect(await expectRollupRight()).toBeGreaterThan(10);

    // A payout takes the pending lines of the first days, then is paid; another fails.
    const payout = await insertPayout(db(), schools[0]!, 1);
    await db()
      .execute(sql`update payment_settlements set status = 'in_payout', payout_id = ${payout.id}
      where organization_id = ${schools[0]} and status = 'pending' and day <= '2026-05-04'`);
    await expectRollupRight();
    await db().execute(sql`update payment_settlements set status = 'paid'
      where organization_id = ${schools[0]} and payout_id = ${payout.id}`);
    await expectRollupRight();
    const failed = await insertPayout(db(), schools[1]!, 1);
    await db()
      .execute(sql`update payment_settlements set status = 'in_payout', payout_id = ${failed.id}
      where organization_id = ${schools[1]} and status = 'pending'`);
    await db().execute(sql`update payment_settlements set status = 'pending', payout_id = null
      where organization_id = ${schools[1]} and payout_id = ${failed.id}`);
    await expectRollupRight();

    // An update that changes nothing the rollup keeps; an amount corrected; a day moved.
    await db().execute(sql`update payment_settlements set updated_at = now()`);
    await db().execute(sql`update payment_settlements set gross = gross + 10, net = net + 10
      where organization_id = ${schools[1]} and kind = 'payment'`);
    await db()
      .execute(sql`update payment_settlements set day = day + 1, occurred_at = occurred_at + interval '1 day'
      where organization_id = ${schools[0]} and provider = 'wave'`);
    await expectRollupRight();

    // Deletes: some lines, then all of a school; emptied keys leave the rollup.
    await db().execute(sql`delete from payment_settlements where gross % 3000 = 0`);
    await expectRollupRight();
    await db().execute(sql`delete from payment_settlements where organization_id = ${schools[1]}`);
    await expectRollupRight();
    const leftOver = await db().execute(sql`select count(*)::int as n from settlement_day_totals
      where organization_id = ${schools[1]} or line_count = 0`);
    expect(leftOver.rows[0]).toEqual({ n: 0 });
  });
});
