import type {
  OperatorSchoolItem,
  OperatorSchoolsPage,
  OperatorSchoolsQuery,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { dayIn, startOfSchoolDay } from '../../../platform/clock';
import { collectedBySchools, type SchoolVolume } from '../../payments';
import { PLATFORM_TIME_ZONE } from '../provider-fees/provider-fees.service';
import { listOperatorSchools, type OperatorSchoolRow } from './operator-schools.reads';

/** The 1st of this month and of this year (Lomé time), and now: the volumes' periods. */
export function volumePeriods(now: Date) {
  const today = dayIn(PLATFORM_TIME_ZONE, now);
  return {
    recentSince: startOfSchoolDay(`${today.slice(0, 7)}-01`, PLATFORM_TIME_ZONE),
    since: startOfSchoolDay(`${today.slice(0, 4)}-01-01`, PLATFORM_TIME_ZONE),
    before: now,
  };
}

export function schoolItem(
  row: OperatorSchoolRow,
  volume: SchoolVolume | undefined,
): OperatorSchoolItem {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    city: row.city,
    country: row.country,
    plan: row.plan,
    planSince: row.planSince.toISOString(),
    status: row.archivedAt ? 'archived' : 'active',
    kycStatus: row.kycStatus,
    membersCount: row.membersCount,
    collectedThisMonth: volume?.recent ?? 0,
    collectedThisYear: volume?.total ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of schools with what they collected this month and this year: the page's volumes come
 * from payments in one grouped query, never one per school.
 */
export async function listSchools(
  db: DbOrTx,
  query: OperatorSchoolsQuery,
  now = new Date(),
): Promise<OperatorSchoolsPage> {
  const { rows, total } = await listOperatorSchools(db, query);
  const volumes = await collectedBySchools(
    db,
    rows.map((row) => row.id),
    volumePeriods(now),
  );
  return {
    items: rows.map((row) => schoolItem(row, volumes.get(row.id))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
