import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { classifyVisitSource } from './traffic-channel';
import { trafficTotals, trafficYears } from './traffic.reads';
import { rotateVisitSalts } from './visit-salts';
import type { VisitorFingerprint } from './visitor';
import { noteVisitorRegistration, recordVisitEvent, type VisitEvent } from './visits.service';

const PHONE: VisitorFingerprint = {
  ip: '102.64.1.10',
  userAgent: 'Mozilla/5.0 (Linux; Android 11; TECNO KG5) Chrome/119.0 Mobile Safari/537.36',
  doNotTrack: false,
};
const MINUTE = 60_000;

describe('visits of the public pages (the rules, on the database)', () => {
  const { app, database } = useTestApp();
  const db = () => database().db;

  async function school() {
    const { organizationId } = await signUpSchool(
      app(),
      `École ${Math.random().toString(36).slice(2, 8)}`,
    );
    return organizationId as string;
  }

  const event = (
    organizationId: string,
    now: Date,
    extra: Partial<VisitEvent> = {},
  ): VisitEvent => ({
    organizationId,
    timeZone: 'Africa/Lome',
    visitor: PHONE,
    page: 'paiement',
    kind: 'pageview',
    source: classifyVisitSource({ ownHost: 'ecolage.tg' }),
    now,
    ...extra,
  });

  const visitsOf = async (organizationId: string) =>
    (
      await db().execute<{
        pageviews: number;
        duration_s: number;
        is_bounce: boolean;
        entry_page: string;
        channel: string;
        day: string;
        converted: boolean;
      }>(sql`select pageviews, duration_s, is_bounce, entry_page, channel, day::text as day, converted
               from page_visits where organization_id = ${organizationId} order by started_at`)
    ).rows;

  const daysOf = async (organizationId: string) =>
    (
      await db().execute(sql`select day::text as day, channel, visitors, visits, bounces,
                                    duration_s::int as duration_s, pageviews, conversions
                               from page_visit_days where organization_id = ${organizationId}
                              order by day, channel`)
    ).rows;

  it('a page view opens a visit; a second page within 30 minutes continues it; 31 minutes later is a new visit', async () => {
    const organizationId = await school();
    const start = new Date('2026-03-02T08:00:00Z');
    expect(await recordVisitEvent(db(), event(organizationId, start))).toBe(true);
    expect(await visitsOf(organizationId)).toEqual([
      expect.objectContaining({
        pageviews: 1,
        duration_s: 0,
        is_bounce: true,
        entry_page: 'paiement',
      }),
    ]);
    const second = new Date(start.getTime() + 4 * MINUTE);
    await recordVisitEvent(db(), event(organizationId, second, { page: 'lien' }));
    expect(await visitsOf(organizationId)).toEqual([
      expect.objectContaining({
        pageviews: 2,
        duration_s: 240,
        is_bounce: false,
        entry_page: 'paiement',
      }),
    ]);
    const later = new Date(second.getTime() + 31 * MINUTE);
    await recordVisitEvent(db(), event(organizationId, later, { page: 'lien' }));
    const visits = await visitsOf(organizationId);
    expect(visits).toHaveLength(2);
    expect(visits[1]).toMatchObject({ pageviews: 1, is_bounce: true, entry_page: 'lien' });
    // One visitor that day (the same id), two visits, one bounce, 4 minutes.
    expect(await daysOf(organizationId)).toEqual([
      {
        day: '2026-03-02',
        channel: 'direct',
        visitors: 1,
        visits: 2,
        bounces: 1,
        duration_s: 240,
        pageviews: 3,
        conversions: 0,
      },
    ]);
  });

  it('an interaction makes the visit no bounce without a page view; alone it records nothing', async () => {
    const organizationId = await school();
    const start = new Date('2026-03-03T09:00:00Z');
    expect(await recordVisitEvent(db(), event(organizationId, start, { kind: 'engagement' }))).toBe(
      false,
    );
    expect(await visitsOf(organizationId)).toEqual([]);
    await recordVisitEvent(db(), event(organizationId, start));
    await recordVisitEvent(
      db(),
      event(organizationId, new Date(start.getTime() + 20_000), { kind: 'engagement' }),
    );
    expect(await visitsOf(organizationId)).toEqual([
      expect.objectContaining({ pageviews: 1, duration_s: 20, is_bounce: false }),
    ]);
    expect(await daysOf(organizationId)).toEqual([
      expect.objectContaining({ visitors: 1, visits: 1, bounces: 0, duration_s: 20, pageviews: 1 }),
    ]);
  });

  it('the previous salt continues a visit across the rotation; salts older than 48 hours are deleted', async () => {
    const organizationId = await school();
    const evening = new Date('2026-03-04T23:50:00Z');
    await rotateVisitSalts(db(), new Date('2026-03-04T00:00:00Z'));
    await recordVisitEvent(db(), event(organizationId, evening));
    await rotateVisitSalts(db(), new Date('2026-03-05T00:00:00Z'));
    // The same phone 15 minutes later, after midnight: the same visit (found by the previous salt).
    await recordVisitEvent(db(), event(organizationId, new Date('2026-03-05T00:05:00Z')));
    expect(await visitsOf(organizationId)).toEqual([
      expect.objectContaining({ pageviews: 2, duration_s: 900, day: '2026-03-04' }),
    ]);
    // A new visit the next day gets a new id: another daily visitor.
    await recordVisitEvent(db(), event(organizationId, new Date('2026-03-05T09:00:00Z')));
    expect((await daysOf(organizationId)).map((row) => [row.day, row.visitors])).toEqual([
      ['2026-03-04', 1],
      ['2026-03-05', 1],
    ]);
    const ids = async () =>
      (
        await db().execute<{ visitor_id: string }>(
          sql`select visitor_id::text from page_visits where organization_id = ${organizationId} order by started_at`,
        )
      ).rows.map((row) => row.visitor_id);
    const [yesterday, today] = await ids();
    expect(today).not.toBe(yesterday);

    const salts = async () =>
      (
        await db().execute<{ created_at: Date }>(
          sql`select created_at from visit_salts order by created_at`,
        )
      ).rows.map((row) => new Date(row.created_at).toISOString());
    expect(await salts()).toEqual(['2026-03-04T00:00:00.000Z', '2026-03-05T00:00:00.000Z']);
    // A retry of the job within the hour makes no other salt.
    await rotateVisitSalts(db(), new Date('2026-03-05T00:10:00Z'));
    expect(await salts()).toHaveLength(2);
    await rotateVisitSalts(db(), new Date('2026-03-06T00:00:00Z'));
    await rotateVisitSalts(db(), new Date('2026-03-08T00:00:00Z'));
    // Only the current one is younger than 48 h.
    expect(await salts()).toEqual(['2026-03-08T00:00:00.000Z']);
    // A visit under way before a salt expired cannot be found any more: a new one.
    await recordVisitEvent(db(), event(organizationId, new Date('2026-03-08T00:01:00Z')));
    expect(await visitsOf(organizationId)).toHaveLength(3);
  });

  it('a robot or « do not track » stores nothing', async () => {
    const organizationId = await school();
    const now = new Date('2026-03-09T10:00:00Z');
    expect(
      await recordVisitEvent(
        db(),
        event(organizationId, now, { visitor: { ...PHONE, doNotTrack: true } }),
      ),
    ).toBe(false);
    const robot = { ...PHONE, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' };
    expect(await recordVisitEvent(db(), event(organizationId, now, { visitor: robot }))).toBe(
      false,
    );
    await noteVisitorRegistration(db(), {
      organizationId,
      admissionId: '00000000-0000-4000-8000-000000000000',
      visitor: robot,
      now,
    });
    expect(await visitsOf(organizationId)).toEqual([]);
    expect(await daysOf(organizationId)).toEqual([]);
  });

  it('a registration converts the visit once per visitor and day, in the channel of its first visit', async () => {
    const organizationId = await school();
    const start = new Date('2026-03-10T08:00:00Z');
    const facebook = classifyVisitSource({
      referrer: 'https://l.facebook.com/',
      ownHost: 'ecolage.tg',
    });
    await recordVisitEvent(
      db(),
      event(organizationId, start, { page: 'inscription', source: facebook }),
    );
    const note = (now: Date) =>
      noteVisitorRegistration(db(), {
        organizationId,
        admissionId: '00000000-0000-4000-8000-000000000001',
        visitor: PHONE,
        now,
      });
    await note(new Date(start.getTime() + 2 * MINUTE));
    await note(new Date(start.getTime() + 3 * MINUTE));
    // Later the same day, a new visit (direct) that converts again: still one conversion.
    const afternoon = new Date('2026-03-10T15:00:00Z');
    await recordVisitEvent(db(), event(organizationId, afternoon, { page: 'inscription' }));
    await note(new Date(afternoon.getTime() + MINUTE));
    expect((await visitsOf(organizationId)).map((visit) => visit.converted)).toEqual([true, true]);
    expect(await daysOf(organizationId)).toEqual([
      expect.objectContaining({ channel: 'direct', visitors: 0, visits: 1, conversions: 0 }),
      expect.objectContaining({ channel: 'social', visitors: 1, visits: 1, conversions: 1 }),
    ]);
    // Long after the visit: nothing more to convert.
    await note(new Date(afternoon.getTime() + 2 * 60 * MINUTE));
    expect(await trafficTotals(db(), organizationId, '2026-03-10', '2026-03-10')).toMatchObject({
      visitors: 1,
      visits: 2,
      conversions: 1,
    });
  });

  it('trafficTotals is the sum a direct count of the visits gives, and never another school’s', async () => {
    const organizationId = await school();
    const other = await school();
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const sources = [
      classifyVisitSource({ ownHost: 'ecolage.tg' }),
      classifyVisitSource({ referrer: 'https://www.google.com/', ownHost: 'ecolage.tg' }),
      classifyVisitSource({ referrer: 'https://wa.me/', ownHost: 'ecolage.tg' }),
      classifyVisitSource({ query: '?utm_source=sms', ownHost: 'ecolage.tg' }),
    ];
    const pages = ['paiement', 'lien', 'inscription', 'recu'] as const;
    let now = new Date('2026-04-01T06:00:00Z').getTime();
    for (let index = 0; index < 300; index += 1) {
      now += Math.floor(random() * 50 * MINUTE);
      if (index % 60 === 59) await rotateVisitSalts(db(), new Date(now));
      const visitor = { ...PHONE, ip: `102.64.2.${Math.floor(random() * 12)}` };
      const target = random() < 0.8 ? organizationId : other;
      const kind = random() < 0.25 ? 'engagement' : 'pageview';
      const source = sources[Math.floor(random() * sources.length)]!;
      const page = pages[Math.floor(random() * pages.length)]!;
      await recordVisitEvent(db(), event(target, new Date(now), { visitor, kind, source, page }));
      if (random() < 0.1) {
        await noteVisitorRegistration(db(), {
          organizationId: target,
          admissionId: '00000000-0000-4000-8000-000000000002',
          visitor,
          now: new Date(now + 1000),
        });
      }
    }
    const direct = async (school: string, from: string, to: string) => {
      const { rows } = await db().execute<Record<string, string>>(sql`
        select count(distinct (visitor_id, day))::int as visitors, count(*)::int as visits,
               count(*) filter (where is_bounce)::int as bounces,
               coalesce(sum(duration_s), 0)::int as "durationSeconds",
               coalesce(sum(pageviews), 0)::int as pageviews,
               count(distinct (visitor_id, day)) filter (where converted)::int as conversions
          from page_visits
         where organization_id = ${school} and day between ${from}::date and ${to}::date`);
      return rows[0];
    };
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-04-03', '2026-04-05'],
      ['2026-04-02', '2026-04-02'],
    ] as const) {
      const totals = await trafficTotals(db(), organizationId, from, to);
      expect(totals).toEqual(await direct(organizationId, from, to));
      expect(await trafficTotals(db(), other, from, to)).toEqual(await direct(other, from, to));
    }
    const all = await trafficTotals(db(), organizationId, '2026-01-01', '2026-12-31');
    expect(all.visits).toBeGreaterThan(50);
    expect(all.conversions).toBeGreaterThan(0);
    expect(await trafficYears(db(), organizationId)).toEqual([2026]);
  });
});
