import { randomUUID } from 'node:crypto';
import { addDays } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { ok, setUpProgrammes, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { marketingKpis, overlapDays, spendInPeriod } from './marketing-kpis';
import { campaignResults, returnOnSpend } from './campaign-results';
import type { AttributedRegistration, CampaignRegistrations } from './registrations.port';

/**
 * Admissions implements the port on its own table; here a real table of the test database plays
 * its part (marketing never imports admissions).
 */
const registrations: CampaignRegistrations = {
  async attributedTo(db: DbOrTx, organizationId, campaignIds, submitted) {
    const { rows } = await db.execute<AttributedRegistration & Record<string, unknown>>(sql`
      select campaign_id as "campaignId", admission_id as "admissionId", student_id as "studentId",
             submitted_at as "submittedAt", accepted
        from test_campaign_registrations
       where organization_id = ${organizationId}
         and campaign_id = any(${sql.param([...campaignIds])}::uuid[])
         ${submitted ? sql`and submitted_at >= ${submitted.from.toISOString()} and submitted_at < ${submitted.to.toISOString()}` : sql``}`);
    return rows.map((row) => ({ ...row, submittedAt: new Date(row.submittedAt) }));
  },
};

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/121.0 Mobile Safari/537.36';

describe('a campaign’s results and the KPI cards', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  let school: Awaited<ReturnType<typeof signUpSchool>>;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Collège Les Baobabs');
    await database().db.execute(sql`
      create table test_campaign_registrations (organization_id uuid, campaign_id uuid,
        admission_id uuid, student_id uuid, submitted_at timestamptz, accepted boolean)`);
  });

  const beacon = (slug: string, query: string, ip: string, kind = 'pageview') =>
    app().inject({
      method: 'POST',
      url: '/api/public/visits',
      headers: { 'content-type': 'text/plain', 'user-agent': PHONE_UA },
      payload: JSON.stringify({ s: slug, p: 'inscription', q: query, e: kind }),
      remoteAddress: ip,
    });

  it('counts reach through the beacon, clicks, attributed registrations, revenue and ROI', async () => {
    const today = dayIn('Africa/Lome');
    const campaign = await ok(
      school.call('POST', '/api/marketing/campaigns', {
        name: 'Rentrée — Facebook',
        channel: 'facebook',
        budget: 100_000,
        spend: 40_000,
        startsOn: addDays(today, -29),
        endsOn: today,
      }),
      201,
    );
    const other = await ok(
      school.call('POST', '/api/marketing/campaigns', {
        name: 'Sans visite',
        channel: 'google_ads',
        budget: 0,
        startsOn: today,
        endsOn: addDays(today, 9),
      }),
      201,
    );
    const [link] = await ok(school.call('GET', `/api/marketing/campaigns/${campaign.id}/links`));
    const target = new URL(link.targetUrl);
    const slug = target.pathname.split('/')[2]!;
    // Two visitors through the link (one engages), one untagged visitor, one of another code.
    for (const [ip, query] of [
      ['102.64.1.1', target.search],
      ['102.64.1.2', target.search],
      ['102.64.1.3', ''],
      ['102.64.1.4', '?utm_source=facebook&utm_campaign=autre-chose'],
    ] as const) {
      expect((await beacon(slug, query, ip)).statusCode).toBe(204);
    }
    expect((await beacon(slug, target.search, '102.64.1.1', 'engagement')).statusCode).toBe(204);
    const followed = await app().inject({
      method: 'GET',
      url: `/s/${link.shortUrl.split('/s/')[1]}`,
    });
    expect(followed.statusCode).toBe(302);

    // A student attributed to the campaign, enrolled, who pays 80 000 at the desk.
    const { year, licence, l1 } = await setUpProgrammes(school.call);
    expect(licence.id).toBeTruthy();
    const student = await ok(school.call('POST', '/api/students', { fullName: 'Afi Mensah' }), 201);
    await ok(
      school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Kossi Mensah',
        phone: '90112244',
        relation: 'father',
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${student.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const submittedAt = new Date(Date.now() - 60_000);
    await database().db.execute(sql`
      insert into test_campaign_registrations values (${school.organizationId}, ${campaign.id},
        ${randomUUID()}, ${student.id}, ${submittedAt.toISOString()}, true)`);
    const session = await ok(school.call('POST', '/api/cash-sessions', { openingFloat: 0 }), 201);
    const desk = await app().inject({
      method: 'POST',
      url: `/api/cash-sessions/${session.id}/payments`,
      payload: { studentId: student.id, amount: 80_000, method: 'CASH' },
      headers: { authorization: `Bearer ${school.token}`, 'idempotency-key': randomUUID() },
    });
    expect(desk.statusCode, desk.body).toBe(201);

    const results = await campaignResults(
      database().db,
      school.organizationId,
      [campaign, other],
      registrations,
    );
    expect(results.get(campaign.id)).toEqual({
      reach: 2,
      clicks: 1,
      registrations: 1,
      enrolments: 1,
      revenue: 80_000,
      roi: 2,
    });
    expect(results.get(other.id)).toEqual({
      reach: 0,
      clicks: 0,
      registrations: 0,
      enrolments: 0,
      revenue: 0,
      roi: null,
    });
    // Another school reads nothing of this one.
    const elsewhere = await campaignResults(database().db, randomUUID(), [campaign], registrations);
    expect(elsewhere.get(campaign.id)).toMatchObject({ reach: 0, clicks: 0, revenue: 0 });

    const kpis = await marketingKpis(
      { db: database().db, now: () => new Date(), registrations },
      school.organizationId,
      30,
    );
    expect(kpis).toEqual({
      from: addDays(today, -29),
      to: today,
      reach: { value: 2, previous: 0, change: null },
      conversions: { value: 2, previous: 0, change: null },
      engagementRate: { value: 50, previous: 0, change: null },
      // The 30-day campaign lies wholly in the period; the other spent nothing.
      spend: { value: 40_000, previous: 0, change: null },
    });
  });

  it('spreads a campaign’s spend over its days and computes ROI to one decimal', () => {
    const period = { from: '2026-09-01', to: '2026-09-30' };
    expect(overlapDays({ from: '2026-08-22', to: '2026-09-10' }, period)).toBe(10);
    expect(overlapDays({ from: '2026-10-01', to: '2026-10-10' }, period)).toBe(0);
    expect(
      spendInPeriod({ spend: 200_000, startsOn: '2026-08-22', endsOn: '2026-09-10' }, period),
    ).toBe(100_000);
    expect(returnOnSpend(250_000, 100_000)).toBe(2.5);
    expect(returnOnSpend(100_000, 30_000)).toBe(3.3);
    expect(returnOnSpend(100_000, 0)).toBeNull();
  });
});
