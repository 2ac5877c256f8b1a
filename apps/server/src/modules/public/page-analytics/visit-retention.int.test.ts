import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { classifyVisitSource } from './traffic-channel';
import { trafficTotals } from './traffic.reads';
import { pruneOldVisits } from './visit-retention';
import { recordVisitEvent } from './visits.service';

const PHONE = {
  ip: '102.64.3.10',
  userAgent: 'Mozilla/5.0 (Linux; Android 11; TECNO KG5) Chrome/119.0 Mobile Safari/537.36',
  doNotTrack: false,
};

describe('the raw visits are kept 13 months; the daily rollup for ever', () => {
  const { app, database } = useTestApp();
  const db = () => database().db;

  async function visitOn(organizationId: string, at: string, ip: string) {
    await recordVisitEvent(db(), {
      organizationId,
      timeZone: 'Africa/Lome',
      visitor: { ...PHONE, ip },
      page: 'lien',
      kind: 'pageview',
      source: classifyVisitSource({ referrer: 'https://wa.me/', ownHost: 'ecolage.tg' }),
      now: new Date(at),
    });
    const { rows } = await db().execute<{ id: number }>(sql`
      select id from page_visits where organization_id = ${organizationId}
       order by id desc limit 1`);
    return Number(rows[0]!.id);
  }

  async function paymentOf(organizationId: string, visitId: number, at: string, attempt: string) {
    await db().execute(sql`
      insert into visit_payments (organization_id, attempt_id, visit_id, channel, created_at)
      values (${organizationId}, ${attempt}, ${visitId}, 'social', ${new Date(at)})`);
  }

  const daysOf = async (organizationId: string) =>
    (
      await db().execute(sql`select day::text as day, channel, visitors, visits, pageviews
                               from page_visit_days where organization_id = ${organizationId}
                              order by day, channel`)
    ).rows;
  const visitDays = async (organizationId: string) =>
    (
      await db().execute<{ day: string }>(sql`
        select day::text as day from page_visits where organization_id = ${organizationId}
         order by day`)
    ).rows.map((row) => row.day);
  const attemptsOf = async (organizationId: string) =>
    (
      await db().execute<{ attempt_id: string }>(sql`
        select attempt_id from visit_payments where organization_id = ${organizationId}
         order by attempt_id`)
    ).rows.map((row) => row.attempt_id);

  it("deletes the visits older than 13 months, of every school, and keeps page_visit_days and the payments' channels", async () => {
    const schools: string[] = [];
    for (const name of ['École Vieille', 'École Autre']) {
      schools.push((await signUpSchool(app(), name)).organizationId as string);
    }
    const [first, second] = schools as [string, string];
    const old = await visitOn(first, '2025-01-10T09:00:00Z', '102.64.3.1');
    await visitOn(first, '2025-06-14T09:00:00Z', '102.64.3.2');
    const kept = await visitOn(first, '2025-06-16T09:00:00Z', '102.64.3.3');
    const recent = await visitOn(first, '2026-07-01T09:00:00Z', '102.64.3.4');
    await visitOn(second, '2025-03-01T09:00:00Z', '102.64.3.5');
    await visitOn(second, '2026-07-02T09:00:00Z', '102.64.3.6');
    // The payments' channels stay, the old visit's too: a payment's slices are rebuilt with them.
    await paymentOf(first, old, '2025-01-10T09:05:00Z', '00000000-0000-4000-8000-00000000000a');
    await paymentOf(first, kept, '2025-06-01T09:05:00Z', '00000000-0000-4000-8000-00000000000b');
    await paymentOf(first, recent, '2026-07-01T09:05:00Z', '00000000-0000-4000-8000-00000000000c');
    const rollups = [await daysOf(first), await daysOf(second)];
    const year2025 = await trafficTotals(db(), first, '2025-01-01', '2025-12-31');
    expect(year2025.visits).toBe(3);

    // 15 July 2026: the limit is 15 June 2025.
    const now = new Date('2026-07-15T00:20:00Z');
    expect(await pruneOldVisits(db(), now)).toBe(3);
    expect(await visitDays(first)).toEqual(['2025-06-16', '2026-07-01']);
    expect(await visitDays(second)).toEqual(['2026-07-02']);
    expect(await attemptsOf(first)).toEqual([
      '00000000-0000-4000-8000-00000000000a',
      '00000000-0000-4000-8000-00000000000b',
      '00000000-0000-4000-8000-00000000000c',
    ]);
    // « Statistiques » still reads every year's traffic from the daily rollup.
    expect([await daysOf(first), await daysOf(second)]).toEqual(rollups);
    expect(await trafficTotals(db(), first, '2025-01-01', '2025-12-31')).toEqual(year2025);

    // Repeated (a retry, the next night): nothing more.
    expect(await pruneOldVisits(db(), now)).toBe(0);
    expect(await visitDays(first)).toEqual(['2025-06-16', '2026-07-01']);
  });
});
