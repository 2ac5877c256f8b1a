import type { CampaignChannel, CampaignStatus } from '@ecolage/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern, foldedForSearchSql, foldForSearch } from '../../../platform/search-text';
import { campaigns, type CampaignRow } from './campaigns.tables';

type NewCampaignRow = typeof campaigns.$inferInsert;

const ofSchool = (organizationId: string, campaignId: string) =>
  and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, campaignId));

/** A campaign of the school (archived ones included: they stay readable). */
export async function findCampaign(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(ofSchool(organizationId, campaignId));
  return row;
}

/** The same, locked until the end of the transaction (edit, actions, a new link). */
export async function lockCampaign(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(ofSchool(organizationId, campaignId))
    .for('update');
  return row;
}

/**
 * The status `campaignStatusOf` (contracts) gives, in SQL against the school's `today`, so that
 * the list filters and paginates on it: ended › completed › paused › active.
 */
export function campaignStatusSql(today: string): SQL<CampaignStatus> {
  return sql<CampaignStatus>`case
    when ${campaigns.endsOn} < ${today}::date then 'ended'
    when ${campaigns.budget} > 0 and ${campaigns.spend} >= ${campaigns.budget} then 'completed'
    when ${campaigns.pausedAt} is not null then 'paused'
    else 'active' end`;
}

export interface CampaignFilter {
  q?: string;
  status?: CampaignStatus;
  channel?: CampaignChannel;
  archived: boolean;
}

function filterOf(organizationId: string, filter: CampaignFilter, today: string) {
  return and(
    eq(campaigns.organizationId, organizationId),
    filter.archived ? isNotNull(campaigns.archivedAt) : isNull(campaigns.archivedAt),
    filter.q
      ? sql`${foldedForSearchSql(sql`${campaigns.name}`)} like ${containsPattern(foldForSearch(filter.q))}`
      : undefined,
    filter.channel ? eq(campaigns.channel, filter.channel) : undefined,
    filter.status ? sql`${campaignStatusSql(today)} = ${filter.status}` : undefined,
  );
}

/** A page of the school's campaigns, newest first. */
export async function findCampaignPage(
  db: DbOrTx,
  organizationId: string,
  filter: CampaignFilter,
  page: { offset: number; limit: number; today: string },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const where = filterOf(organizationId, filter, page.today);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), asc(campaigns.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Inserts a campaign; undefined when its code is already the school's (draw another). */
export async function insertCampaign(
  db: DbOrTx,
  row: NewCampaignRow,
): Promise<CampaignRow | undefined> {
  const [inserted] = await db
    .insert(campaigns)
    .values(row)
    .onConflictDoNothing({ target: [campaigns.organizationId, campaigns.code] })
    .returning();
  return inserted;
}

export async function updateCampaignRow(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
  patch: Partial<NewCampaignRow>,
): Promise<CampaignRow> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(ofSchool(organizationId, campaignId))
    .returning();
  return row!;
}

/** The school's campaigns running at some point in [from, to] (both days included): the KPIs. */
export async function findCampaignsOverlapping(
  db: DbOrTx,
  organizationId: string,
  from: string,
  to: string,
): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        sql`${campaigns.startsOn} <= ${to}::date and ${campaigns.endsOn} >= ${from}::date`,
      ),
    );
}

/** The school's campaign carrying one of these codes (a link's utm_campaign, as typed or lower-cased). */
export async function findCampaignIdByCodes(
  db: DbOrTx,
  organizationId: string,
  codes: readonly string[],
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), inArray(campaigns.code, [...codes])))
    .limit(1);
  return row?.id;
}

/** Every campaign of the school, its id and code (the KPIs' conversions and traffic). */
export async function findCampaignCodes(
  db: DbOrTx,
  organizationId: string,
): Promise<{ id: string; code: string }[]> {
  return db
    .select({ id: campaigns.id, code: campaigns.code })
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId));
}
