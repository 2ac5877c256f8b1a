import type { TrafficChannel } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/** A school's traffic over days, from the daily rollup (visitors: daily-unique, summed). */
export interface TrafficTotals {
  visitors: number;
  visits: number;
  bounces: number;
  durationSeconds: number;
  pageviews: number;
  conversions: number;
}

/**
 * The school's traffic from `fromDay` to `toDay` (both included, YYYY-MM-DD): a sum over the
 * daily rollup, at most 366 × 4 rows a year whatever the number of page views.
 */
export async function trafficTotals(
  db: DbOrTx,
  organizationId: string,
  fromDay: string,
  toDay: string,
): Promise<TrafficTotals> {
  const { rows } = await db.execute<Record<keyof TrafficTotals, string>>(sql`
    select coalesce(sum(visitors), 0)::bigint as visitors, coalesce(sum(visits), 0)::bigint as visits,
           coalesce(sum(bounces), 0)::bigint as bounces,
           coalesce(sum(duration_s), 0)::bigint as "durationSeconds",
           coalesce(sum(pageviews), 0)::bigint as pageviews,
           coalesce(sum(conversions), 0)::bigint as conversions
      from page_visit_days
     where organization_id = ${organizationId} and day between ${fromDay}::date and ${toDay}::date`);
  const row = rows[0]!;
  return {
    visitors: Number(row.visitors),
    visits: Number(row.visits),
    bounces: Number(row.bounces),
    durationSeconds: Number(row.durationSeconds),
    pageviews: Number(row.pageviews),
    conversions: Number(row.conversions),
  };
}

/** The calendar years the school's public pages had visits in, newest first. */
export async function trafficYears(db: DbOrTx, organizationId: string): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct extract(year from day)::int as year from page_visit_days
     where organization_id = ${organizationId} and visits > 0
     order by year desc`);
  return rows.map((row) => Number(row.year));
}

/**
 * The channel each payment attempt's payer came through (the visit it started from); attempts
 * made without a recorded visit (at the desk, beacon blocked, « do not track ») are absent.
 */
export async function channelsOfAttempts(
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
): Promise<Map<string, TrafficChannel>> {
  if (attemptIds.length === 0) return new Map();
  const { rows } = await db.execute<{ attemptId: string; channel: TrafficChannel }>(sql`
    select attempt_id as "attemptId", channel from visit_payments
     where organization_id = ${organizationId} and attempt_id = any(${sql.param([...attemptIds])}::uuid[])`);
  return new Map(rows.map((row) => [row.attemptId, row.channel]));
}

/** The visits that came through a campaign's links (its `utm_campaign` tag). */
export interface CampaignTraffic {
  /** Unique visitors: a visitor id is daily-salted, so one a day (cookie-less). */
  visitors: number;
  visits: number;
  bounces: number;
}

/**
 * The school's visits tagged with each of these `utm_campaign` codes, optionally started on a day
 * of [from, to] (both included); codes without a visit are absent. Marketing's reach and
 * engagement; the raw visits are kept 13 months.
 */
export async function campaignTraffic(
  db: DbOrTx,
  organizationId: string,
  codes: readonly string[],
  days?: { from: string; to: string },
): Promise<Map<string, CampaignTraffic>> {
  if (codes.length === 0) return new Map();
  const { rows } = await db.execute<{ code: string } & Record<keyof CampaignTraffic, string>>(sql`
    select utm_campaign as code, count(distinct visitor_id)::bigint as visitors,
           count(*)::bigint as visits, count(*) filter (where is_bounce)::bigint as bounces
      from page_visits
     where organization_id = ${organizationId}
       and utm_campaign = any(${sql.param([...codes])}::text[])
       ${days ? sql`and day between ${days.from}::date and ${days.to}::date` : sql``}
     group by utm_campaign`);
  return new Map(
    rows.map((row) => [
      row.code,
      { visitors: Number(row.visitors), visits: Number(row.visits), bounces: Number(row.bounces) },
    ]),
  );
}

/**
 * The same figures for all these codes together: a visitor who came through two campaigns on one
 * day counts once (the marketing screen's « Portée totale »).
 */
export async function campaignsTrafficTotal(
  db: DbOrTx,
  organizationId: string,
  codes: readonly string[],
  days: { from: string; to: string },
): Promise<CampaignTraffic> {
  if (codes.length === 0) return { visitors: 0, visits: 0, bounces: 0 };
  const { rows } = await db.execute<Record<keyof CampaignTraffic, string>>(sql`
    select count(distinct visitor_id)::bigint as visitors, count(*)::bigint as visits,
           count(*) filter (where is_bounce)::bigint as bounces
      from page_visits
     where organization_id = ${organizationId}
       and utm_campaign = any(${sql.param([...codes])}::text[])
       and day between ${days.from}::date and ${days.to}::date`);
  const [row] = rows;
  return {
    visitors: Number(row?.visitors ?? 0),
    visits: Number(row?.visits ?? 0),
    bounces: Number(row?.bounces ?? 0),
  };
}

/**
 * The payment attempts started in a visit tagged with one of these `utm_campaign` codes (a
 * campaign link to the pay page), with the code. Attempts whose visit was pruned are absent.
 */
export async function campaignPaymentAttempts(
  db: DbOrTx,
  organizationId: string,
  codes: readonly string[],
): Promise<{ attemptId: string; code: string }[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.execute<{ attemptId: string; code: string }>(sql`
    select vp.attempt_id as "attemptId", v.utm_campaign as code
      from visit_payments vp
      join page_visits v on v.organization_id = vp.organization_id and v.id = vp.visit_id
     where vp.organization_id = ${organizationId}
       and v.utm_campaign = any(${sql.param([...codes])}::text[])`);
  return rows;
}
