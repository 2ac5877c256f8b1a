import type { TrafficChannel } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import type { VisitSource } from './traffic-channel';

/** A visit continues while its visitor's events are no more than 30 minutes apart. */
export const VISIT_IDLE_MINUTES = 30;

export type OpenVisit = {
  id: number;
  visitorId: string;
  day: string;
  startedAt: Date;
  pageviews: number;
  durationS: number;
  isBounce: boolean;
  channel: TrafficChannel;
  converted: boolean;
};

/** The daily rollup's counts added by one event (any of them may be 0). */
export interface DayDelta {
  visitors?: number;
  visits?: number;
  bounces?: number;
  durationS?: number;
  pageviews?: number;
  conversions?: number;
}

/**
 * Serialises the events of one visitor of one school (a page view and the interaction right
 * after it must not open two visits). Released at commit.
 */
export async function lockVisitor(tx: DbOrTx, organizationId: string, visitorId: bigint) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`visit:${organizationId}:${visitorId}`}, 0))`,
  );
}

const visitColumns = sql`id, visitor_id::text as "visitorId", day::text as day,
  started_at as "startedAt", pageviews, duration_s as "durationS", is_bounce as "isBounce",
  channel, converted`;

/** The visitor's visit under way at `now` (under the current or the previous salt's id), locked. */
export async function findOpenVisit(
  tx: DbOrTx,
  organizationId: string,
  visitorIds: readonly bigint[],
  now: Date,
): Promise<OpenVisit | undefined> {
  const ids = visitorIds.map((id) => id.toString());
  const { rows } = await tx.execute<OpenVisit>(sql`
    select ${visitColumns} from page_visits
     where organization_id = ${organizationId}
       and visitor_id = any(${sql.param(ids)}::bigint[])
       and last_at >= ${now}::timestamptz - make_interval(mins => ${VISIT_IDLE_MINUTES})
       and last_at <= ${now}::timestamptz
     order by last_at desc limit 1
       for update`);
  return rows[0] && asVisit(rows[0]);
}

/** Rows as the driver gives them: bigint ids as text, timestamps as text. */
function asVisit(row: OpenVisit): OpenVisit {
  return { ...row, id: Number(row.id), startedAt: new Date(row.startedAt) };
}

/** Whether the visitor (this id) had a visit earlier the same school day. */
export async function visitedThatDay(
  tx: DbOrTx,
  organizationId: string,
  visitorId: bigint | string,
  day: string,
): Promise<boolean> {
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from page_visits
                    where organization_id = ${organizationId} and visitor_id = ${String(visitorId)}::bigint
                      and day = ${day}::date) as found`);
  return rows[0]?.found ?? false;
}

export async function insertVisit(
  tx: DbOrTx,
  visit: {
    organizationId: string;
    visitorId: bigint;
    day: string;
    now: Date;
    entryPage: string;
    source: VisitSource;
  },
): Promise<number> {
  const { source } = visit;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into page_visits (organization_id, visitor_id, day, started_at, last_at, pageviews,
                             duration_s, is_bounce, entry_page, channel, referrer_host,
                             utm_source, utm_medium, utm_campaign)
    values (${visit.organizationId}, ${visit.visitorId.toString()}::bigint, ${visit.day}::date,
            ${visit.now}, ${visit.now}, 1, 0, true, ${visit.entryPage}, ${source.channel},
            ${source.referrerHost}, ${source.utmSource}, ${source.utmMedium}, ${source.utmCampaign})
    returning id`);
  return Number(rows[0]!.id);
}

/** One more event in a visit under way. */
export async function continueVisit(
  tx: DbOrTx,
  organizationId: string,
  visitId: number,
  change: { now: Date; pageviews: number; durationS: number; isBounce: boolean },
) {
  await tx.execute(sql`
    update page_visits
       set last_at = ${change.now}, pageviews = ${change.pageviews},
           duration_s = ${change.durationS}, is_bounce = ${change.isBounce}
     where organization_id = ${organizationId} and id = ${visitId}`);
}

/** Adds an event's counts to the school's day and channel (one upsert). */
export async function addToDay(
  tx: DbOrTx,
  organizationId: string,
  day: string,
  channel: TrafficChannel,
  delta: DayDelta,
) {
  const values = {
    visitors: delta.visitors ?? 0,
    visits: delta.visits ?? 0,
    bounces: delta.bounces ?? 0,
    durationS: delta.durationS ?? 0,
    pageviews: delta.pageviews ?? 0,
    conversions: delta.conversions ?? 0,
  };
  if (Object.values(values).every((value) => value === 0)) return;
  await tx.execute(sql`
    insert into page_visit_days as d (organization_id, day, channel, visitors, visits, bounces,
                                      duration_s, pageviews, conversions)
    values (${organizationId}, ${day}::date, ${channel}, ${values.visitors}, ${values.visits},
            ${values.bounces}, ${values.durationS}, ${values.pageviews}, ${values.conversions})
    on conflict (organization_id, day, channel) do update
       set visitors = d.visitors + excluded.visitors, visits = d.visits + excluded.visits,
           bounces = d.bounces + excluded.bounces, duration_s = d.duration_s + excluded.duration_s,
           pageviews = d.pageviews + excluded.pageviews,
           conversions = d.conversions + excluded.conversions`);
}

/** A visit of the school by id (locked for the conversion). */
export async function findVisit(
  tx: DbOrTx,
  organizationId: string,
  visitId: number,
  options: { lock: boolean },
): Promise<OpenVisit | undefined> {
  const { rows } = await tx.execute<OpenVisit>(sql`
    select ${visitColumns} from page_visits
     where organization_id = ${organizationId} and id = ${visitId}
     ${options.lock ? sql`for update` : sql``}`);
  return rows[0] && asVisit(rows[0]);
}

/**
 * Marks the visit converted; returns the channel its visitor counts in that day (its first
 * visit's) when this is the visitor's first conversion of the day, else null.
 */
export async function markConverted(
  tx: DbOrTx,
  organizationId: string,
  visit: Pick<OpenVisit, 'id' | 'visitorId' | 'day'>,
): Promise<TrafficChannel | null> {
  const { rows } = await tx.execute<{ first: boolean; channel: TrafficChannel }>(sql`
    with others as (
      select bool_or(converted) as converted from page_visits
       where organization_id = ${organizationId} and visitor_id = ${visit.visitorId}::bigint
         and day = ${visit.day}::date and id <> ${visit.id}
    ), first_visit as (
      select channel from page_visits
       where organization_id = ${organizationId} and visitor_id = ${visit.visitorId}::bigint
         and day = ${visit.day}::date
       order by started_at, id limit 1
    ), marked as (
      update page_visits set converted = true
       where organization_id = ${organizationId} and id = ${visit.id}
    )
    select not coalesce((select converted from others), false) as first,
           (select channel from first_visit) as channel`);
  const row = rows[0];
  return row?.first ? row.channel : null;
}

/** Records that a payment attempt started during the visit (once per attempt). */
export async function insertVisitPayment(
  tx: DbOrTx,
  payment: { organizationId: string; attemptId: string; visitId: number; channel: string },
) {
  await tx.execute(sql`
    insert into visit_payments (organization_id, attempt_id, visit_id, channel)
    values (${payment.organizationId}, ${payment.attemptId}, ${payment.visitId}, ${payment.channel})
    on conflict (organization_id, attempt_id) do nothing`);
}

/** The visit a payment attempt started from, if any. */
export async function visitOfPayment(
  tx: DbOrTx,
  organizationId: string,
  attemptId: string,
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ visitId: number }>(sql`
    select visit_id as "visitId" from visit_payments
     where organization_id = ${organizationId} and attempt_id = ${attemptId}`);
  return rows[0] ? Number(rows[0].visitId) : undefined;
}
