import type { AdmissionStatus } from '@ecolage/contracts';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { couponRedemptions, coupons } from '../billing/coupons/coupons.tables';
import { campaigns } from '../marketing/campaigns/campaigns.tables';
import { levels, programmes } from '../programmes/programmes.tables';
import { students } from '../students/students.tables';
import { admissions } from './admissions.tables';
import { sameSchool } from '../../platform/db/tenant-join';

/**
 * The levels the form offers, with their programme: neither archived, programmes without a level
 * left out. A named read-only query over programmes' tables (docs/architecture.md).
 */
export async function findOfferedLevels(db: DbOrTx, organizationId: string) {
  return db
    .select({
      programmeId: programmes.id,
      programmeName: programmes.name,
      levelId: levels.id,
      levelName: levels.name,
    })
    .from(programmes)
    .innerJoin(
      levels,
      and(
        eq(levels.organizationId, programmes.organizationId),
        eq(levels.programmeId, programmes.id),
        isNull(levels.archivedAt),
      ),
    )
    .where(and(eq(programmes.organizationId, organizationId), isNull(programmes.archivedAt)))
    .orderBy(asc(programmes.name), asc(levels.createdAt));
}

/**
 * Requests with the student's matricule, the names of the programme and level, and the name of
 * the campaign it is attributed to (a named read-only query over students', programmes' and
 * marketing's tables), newest first.
 */
function admissionRows(db: DbOrTx) {
  return db
    .select({
      admission: admissions,
      matricule: students.matricule,
      programmeName: programmes.name,
      levelName: levels.name,
      campaignName: campaigns.name,
    })
    .from(admissions)
    .innerJoin(students, sameSchool(students, students.id, admissions, admissions.studentId))
    .innerJoin(
      programmes,
      sameSchool(programmes, programmes.id, admissions, admissions.programmeId),
    )
    .innerJoin(levels, sameSchool(levels, levels.id, admissions, admissions.levelId))
    .leftJoin(campaigns, sameSchool(campaigns, campaigns.id, admissions, admissions.campaignId));
}

/** The name of one of the school's campaigns (the audit entry of an attributed request). */
export async function campaignName(db: DbOrTx, organizationId: string, campaignId: string) {
  const [row] = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, campaignId)));
  return row?.name ?? campaignId;
}

export interface AdmissionCoupon {
  code: string;
  status: 'reserved' | 'applied' | 'released';
  /** Francs deducted from the invoice once applied (0 before). */
  discount: number;
}

/**
 * The coupon each request holds (or held): its code, the use's status and the discount applied;
 * the latest use per request (a named read-only query over billing's coupon tables).
 */
export async function findAdmissionCoupons(
  db: DbOrTx,
  organizationId: string,
  admissionIds: readonly string[],
): Promise<Map<string, AdmissionCoupon>> {
  const found = new Map<string, AdmissionCoupon>();
  if (admissionIds.length === 0) return found;
  const rows = await db
    .select({
      admissionId: couponRedemptions.admissionId,
      code: coupons.code,
      status: couponRedemptions.status,
      amount: couponRedemptions.amount,
    })
    .from(couponRedemptions)
    .innerJoin(
      coupons,
      sameSchool(coupons, coupons.id, couponRedemptions, couponRedemptions.couponId),
    )
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        inArray(couponRedemptions.admissionId, [...admissionIds]),
      ),
    )
    .orderBy(asc(couponRedemptions.createdAt));
  for (const row of rows) {
    if (!row.admissionId) continue;
    found.set(row.admissionId, { code: row.code, status: row.status, discount: row.amount });
  }
  return found;
}

export type AdmissionListRow = NonNullable<Awaited<ReturnType<typeof findAdmission>>>;

export async function findAdmission(db: DbOrTx, organizationId: string, admissionId: string) {
  const [row] = await admissionRows(db).where(
    and(eq(admissions.organizationId, organizationId), eq(admissions.id, admissionId)),
  );
  return row;
}

export async function findAdmissionPage(
  db: DbOrTx,
  organizationId: string,
  query: { status: AdmissionStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(admissions.organizationId, organizationId),
    eq(admissions.status, query.status),
  );
  const [rows, [total]] = await Promise.all([
    admissionRows(db)
      .where(where)
      .orderBy(desc(admissions.createdAt), desc(admissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(admissions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
