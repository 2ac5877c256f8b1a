import {
  kycDocumentKindValues,
  type OperatorKycStatus,
  type OperatorSchoolsQuery,
} from '@ecolage/contracts';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern, foldedForSearchSql, searchWords } from '../../../platform/search-text';
import { memberships } from '../../access/access.tables';
import { organizations } from '../../organizations/organizations.tables';
import { kycDocuments } from '../../settings/settings.tables';

/**
 * The schools as the platform operator lists them (named read: organizations' schools, access's
 * memberships for the members count, settings' KYC documents for the KYC filter). Reads only.
 */
export interface OperatorSchoolRow {
  id: string;
  name: string;
  slug: string;
  city: string | null;
  country: string;
  plan: 'decouverte' | 'croissance' | 'personnalise';
  planSince: Date;
  archivedAt: Date | null;
  contactEmail: string | null;
  supportPhone: string | null;
  address: string | null;
  createdAt: Date;
  membersCount: number;
  kycStatus: OperatorKycStatus;
}

/** Every KYC kind a school sends (settings' catalogue). */
const KYC_KINDS = kycDocumentKindValues.length;

/**
 * The school's KYC as one status, from the newest upload of each kind, by settings' rule
 * (`kycStatusOf`): a refused one → refuse; a kind missing → a_envoyer; every kind validated →
 * valide; else soumis.
 */
const kycStatusSql = sql<OperatorKycStatus>`(
  select case
    when count(*) filter (where latest.status = 'refuse') > 0 then 'refuse'
    when count(*) < ${KYC_KINDS} then 'a_envoyer'
    when count(*) filter (where latest.status = 'valide') = ${KYC_KINDS} then 'valide'
    else 'soumis' end
  from (
    select distinct on (k.kind) k.status from ${kycDocuments} k
    where k.organization_id = organizations.id
    order by k.kind, k.uploaded_at desc
  ) latest
)`;

/** At least one newest upload still waiting: what the operator has « à examiner ». */
const kycToReviewSql = sql`exists (
  select 1 from (
    select distinct on (k.kind) k.status from ${kycDocuments} k
    where k.organization_id = organizations.id
    order by k.kind, k.uploaded_at desc
  ) latest where latest.status = 'soumis'
)`;

// Correlated subqueries spell the outer table out: drizzle leaves columns bare in a one-table
// select, and a bare `id` would bind to the subquery's own table.
const membersCountSql = sql<number>`(
  select count(*)::int from ${memberships} m
  where m.organization_id = organizations.id and m.status = 'active'
)`;

const columns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  city: organizations.city,
  country: organizations.country,
  plan: organizations.plan,
  planSince: organizations.planChosenAt,
  archivedAt: organizations.archivedAt,
  contactEmail: organizations.contactEmail,
  supportPhone: organizations.supportPhone,
  address: organizations.address,
  createdAt: organizations.createdAt,
  membersCount: membersCountSql,
  kycStatus: kycStatusSql,
};

function filters(query: Omit<OperatorSchoolsQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: SQL[] = [];
  // Every word of the search, in the name, the address (slug) or the city: « sainte rita »
  // finds « Sainte-Rita », « kpalime » finds « Kpalimé ».
  const words = query.q ? searchWords(query.q) : [];
  if (words.length > 0) {
    const text = foldedForSearchSql(
      sql`${organizations.name} || ' ' || ${organizations.slug} || ' ' || coalesce(${organizations.city}, '')`,
    );
    for (const word of words) conditions.push(sql`${text} like ${containsPattern(word)}`);
  }
  if (query.plan) conditions.push(eq(organizations.plan, query.plan));
  if (query.status === 'active') conditions.push(isNull(organizations.archivedAt));
  if (query.status === 'archived') conditions.push(isNotNull(organizations.archivedAt));
  // « À examiner » lists every school with a document waiting, even one also refused elsewhere.
  if (query.kyc === 'soumis') conditions.push(kycToReviewSql);
  else if (query.kyc) conditions.push(sql`${kycStatusSql} = ${query.kyc}`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page of schools, newest first, with the total for the pager. */
export async function listOperatorSchools(
  db: DbOrTx,
  query: OperatorSchoolsQuery,
): Promise<{ rows: OperatorSchoolRow[]; total: number }> {
  const where = filters(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(organizations)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOperatorSchool(
  db: DbOrTx,
  id: string,
): Promise<OperatorSchoolRow | undefined> {
  const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, id));
  return row;
}
