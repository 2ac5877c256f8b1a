// The public pages' traffic for bench/statistics.ts, written with generate_series into public's
// page-analytics tables: visits (and their page views) over the previous calendar year and this
// one to date, the payments started from a visit, and the daily rollup per channel computed from
// those visits as the beacon keeps it (a visitor once a day in the channel of its first visit, a
// conversion once per visitor and day).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/platform/db/database';

/** Channel and entry page of visit `v` (hashed): 45 % direct, 25 % social, 20 % referral. */
const channelOf = (v: string) =>
  sql.raw(`(case when abs(hashint4(${v} * 31) % 100) < 45 then 'direct'
    when abs(hashint4(${v} * 31) % 100) < 70 then 'social'
    when abs(hashint4(${v} * 31) % 100) < 90 then 'referral' else 'campaign' end)`);
const refererOf = (channel: string) =>
  sql.raw(`(case ${channel} when 'social' then 'facebook.com'
    when 'referral' then 'ecoles-du-togo.tg' end)`);
const campaign = (channel: string, column: string) =>
  sql.raw(`case when ${channel} = 'campaign' then '${column}' end`);

/**
 * `pageviews` page views of the school's pages (give or take one), over the previous calendar year
 * and this one up to `now`: 1 in 3 of its payments made online started from a visit (entry page
 * « lien » or « paiement », two page views, converted), the other visits spread evenly, one in two
 * a bounce (one page), the others three pages; 5 % of the visits entering by « inscription »
 * convert (a pre-registration). A visitor makes one visit in ten twice in a row.
 */
export async function populateTraffic(
  db: Database,
  organizationId: string,
  pageviews: number,
  now: Date,
) {
  const nowIso = now.toISOString();
  const firstDay = sql`make_date(${now.getUTCFullYear() - 1}, 1, 1)::timestamptz`;
  const day = (at: string) => sql.raw(`((${at}) at time zone 'Africa/Lome')::date`);
  const { rows } = await db.execute<{ base: string }>(
    sql`select coalesce(max(id), 0)::text base from page_visits`,
  );
  const base = Number(rows[0]!.base);
  const visitor = (key: string) =>
    sql.raw(`('x' || substr(md5('${organizationId}:' || ${key}), 1, 16))::bit(64)::bigint`);

  // The visits payments came from: ids base + 1…, in the payments' order.
  const started =
    await db.execute(sql`insert into page_visits (id, organization_id, visitor_id, day,
      started_at, last_at, pageviews, duration_s, is_bounce, entry_page, channel, referrer_host,
      utm_source, utm_medium, utm_campaign, converted)
    overriding system value
    select ${base} + n, ${organizationId}, ${visitor(`'p' || pa.id`)}, ${day("pa.created_at - interval '4 minutes'")},
      pa.created_at - interval '4 minutes', pa.created_at + interval '1 minute', 2, 300, false,
      case when n % 2 = 0 then 'lien' else 'paiement' end, c.channel, ${refererOf('c.channel')},
      ${campaign('c.channel', 'facebook')}, ${campaign('c.channel', 'cpc')},
      ${campaign('c.channel', 'rentree')}, true
    from (select id, created_at, row_number() over (order by created_at, id) n
        from payment_attempts
        where organization_id = ${organizationId} and provider <> 'desk'
          and abs(hashint4(hashtext(id::text)) % 3) = 0) pa,
      lateral (select ${channelOf('n::int')} channel) c`);
  const linked = started.rowCount ?? 0;
  await db.execute(sql`insert into visit_payments (organization_id, attempt_id, visit_id, channel,
      created_at)
    select ${organizationId}, pa.id, ${base} + n, v.channel, pa.created_at
    from (select id, created_at, row_number() over (order by created_at, id) n
        from payment_attempts
        where organization_id = ${organizationId} and provider <> 'desk'
          and abs(hashint4(hashtext(id::text)) % 3) = 0) pa
    join page_visits v on v.id = ${base} + n`);

  // The other visits: pairs of 1 and 3 page views, evenly over the period.
  const others = Math.max(0, Math.floor((pageviews - 2 * linked) / 2));
  const at = sql`(${firstDay} + (v::float8 / ${Math.max(others, 1)})
    * (${nowIso}::timestamptz - interval '1 hour' - ${firstDay}))`;
  await db.execute(sql`insert into page_visits (id, organization_id, visitor_id, day, started_at,
      last_at, pageviews, duration_s, is_bounce, entry_page, channel, referrer_host, utm_source,
      utm_medium, utm_campaign, converted)
    overriding system value
    select ${base + linked} + v, ${organizationId}, ${visitor(`'v' || (v - case when v % 10 = 1 then 1 else 0 end)`)},
      ${day('x.at')}, x.at, x.at + x.duration * interval '1 second', x.pages, x.duration, x.pages = 1,
      x.entry, x.channel, ${refererOf('x.channel')}, ${campaign('x.channel', 'facebook')},
      ${campaign('x.channel', 'cpc')}, ${campaign('x.channel', 'rentree')},
      x.entry = 'inscription' and abs(hashint4(v * 37) % 20) = 0
    from generate_series(1, ${others}) v,
      lateral (select ${at} at, case when v % 2 = 0 then 1 else 3 end pages,
        case when v % 2 = 0 then 0 else 20 + abs(hashint4(v * 41) % 600) end duration,
        ${channelOf('v')} channel,
        case when abs(hashint4(v * 43) % 100) < 40 then 'paiement'
          when abs(hashint4(v * 43) % 100) < 75 then 'lien'
          when abs(hashint4(v * 43) % 100) < 90 then 'inscription' else 'recu' end entry) x`);
  await db.execute(sql`select setval(pg_get_serial_sequence('page_visits', 'id'),
    (select max(id) from page_visits))`);

  // The daily rollup, as the beacon keeps it.
  await db.execute(sql`insert into page_visit_days (organization_id, day, channel, visitors, visits,
      bounces, duration_s, pageviews, conversions)
    select ${organizationId}, coalesce(v.day, f.day), coalesce(v.channel, f.channel),
      coalesce(f.visitors, 0), coalesce(v.visits, 0), coalesce(v.bounces, 0),
      coalesce(v.duration, 0), coalesce(v.pageviews, 0), coalesce(f.conversions, 0)
    from (select day, channel, count(*) visits, count(*) filter (where is_bounce) bounces,
        sum(duration_s) duration, sum(pageviews) pageviews
        from page_visits where organization_id = ${organizationId} group by day, channel) v
    full join (select day, channel, count(*) visitors, count(*) filter (where converted) conversions
        from (select distinct on (day, visitor_id) day, visitor_id, channel,
            bool_or(converted) over (partition by day, visitor_id) converted
          from page_visits where organization_id = ${organizationId}
          order by day, visitor_id, started_at) firsts
        group by day, channel) f on f.day = v.day and f.channel = v.channel`);
  await db.execute(sql`analyze page_visits, page_visit_days, visit_payments`);
  const { rows: totals } = await db.execute<Record<string, number>>(sql`select
    count(*)::int visits, coalesce(sum(pageviews), 0)::int pageviews,
    (select count(*) from visit_payments where organization_id = ${organizationId})::int
      "paymentsFromVisits",
    (select count(*) from page_visit_days where organization_id = ${organizationId})::int
      "rollupRows",
    (select coalesce(sum(visitors), 0) from page_visit_days
      where organization_id = ${organizationId})::int visitors,
    (select coalesce(sum(conversions), 0) from page_visit_days
      where organization_id = ${organizationId})::int conversions
    from page_visits where organization_id = ${organizationId}`);
  return totals[0]!;
}
