import type { CouponScope, CouponStatus } from '@ecolage/contracts';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoices } from '../billing.tables';
import {
  couponRedemptions,
  coupons,
  type CouponRedemptionRow,
  type CouponRow,
} from './coupons.tables';

/** Uses that count towards the limits: held by a pre-registration or applied to an invoice. */
const countedStatuses = ['reserved', 'applied'] as const;

/** Reserved + applied uses of the coupon (correlated: `coupons` is the outer table). */
const usesOf = sql<number>`(select count(*)::int from ${couponRedemptions}
  where ${couponRedemptions.organizationId} = coupons.organization_id
    and ${couponRedemptions.couponId} = coupons.id
    and ${couponRedemptions.status} in ('reserved', 'applied'))`;

/** Francs deducted by its applied uses. */
const discountTotalOf = sql<number>`(select coalesce(sum(${couponRedemptions.amount}), 0)::bigint
  from ${couponRedemptions}
  where ${couponRedemptions.organizationId} = coupons.organization_id
    and ${couponRedemptions.couponId} = coupons.id
    and ${couponRedemptions.status} = 'applied')`;

/**
 * The derived status, in SQL so that the list filters and pages on it: désactivé › expiré (its
 * last day before the school's `today`) › épuisé (uses ≥ limit) › actif.
 */
function statusOf(today: string) {
  return sql<CouponStatus>`case
    when ${coupons.disabledAt} is not null then 'disabled'
    when ${coupons.validUntil} < ${today}::date then 'expired'
    when ${coupons.maxUses} is not null and ${usesOf} >= ${coupons.maxUses} then 'exhausted'
    else 'active' end`;
}

export interface CouponFilter {
  id?: string;
  q?: string;
  status?: CouponStatus;
  scope?: CouponScope;
  archived?: boolean;
}

export interface CouponListRow {
  coupon: CouponRow;
  uses: number;
  discountTotal: number;
  status: CouponStatus;
}

/** One page of the school's coupons, newest first, with their uses and derived status. */
export async function findCouponPage(
  db: DbOrTx,
  organizationId: string,
  today: string,
  filter: CouponFilter & { page: number; pageSize: number },
): Promise<{ rows: CouponListRow[]; total: number }> {
  const status = statusOf(today);
  const search = filter.q?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const conditions: (SQL | undefined)[] = [
    eq(coupons.organizationId, organizationId),
    filter.id ? eq(coupons.id, filter.id) : undefined,
    filter.id
      ? undefined
      : filter.archived
        ? isNotNull(coupons.archivedAt)
        : isNull(coupons.archivedAt),
    pattern ? or(ilike(coupons.code, pattern), ilike(coupons.description, pattern)) : undefined,
    filter.scope ? eq(coupons.scope, filter.scope) : undefined,
    filter.status ? sql`${status} = ${filter.status}` : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select({
      coupon: coupons,
      uses: usesOf,
      discountTotal: discountTotalOf,
      status,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  if (rows.length === 0 && filter.page > 1) {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(coupons)
      .where(where);
    return { rows: [], total: count?.total ?? 0 };
  }
  return {
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      uses: Number(row.uses),
      discountTotal: Number(row.discountTotal),
    })),
    total: rows[0]?.total ?? 0,
  };
}

export async function insertCoupon(db: DbOrTx, values: typeof coupons.$inferInsert) {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function updateCoupon(
  db: DbOrTx,
  organizationId: string,
  couponId: string,
  values: Partial<typeof coupons.$inferInsert>,
) {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(coupons.organizationId, organizationId), eq(coupons.id, couponId)))
    .returning();
  return row!;
}

/** The coupon, locked until the transaction ends: every use and edit of it queues here. */
export async function lockCoupon(db: DbOrTx, organizationId: string, couponId: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.organizationId, organizationId), eq(coupons.id, couponId)))
    .for('update');
  return row;
}

/** The coupon a typed code names (whatever its case), locked like `lockCoupon`. */
export async function lockCouponByCode(db: DbOrTx, organizationId: string, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(
      and(eq(coupons.organizationId, organizationId), sql`upper(${coupons.code}) = upper(${code})`),
    )
    .for('update');
  return row;
}

/**
 * Reserved + applied uses of a coupon, in all and by one family (a guardian; a student without a
 * guardian counts as a family of one). Read after the coupon's lock: the uses counted are the
 * committed ones of every earlier holder of that lock.
 */
export async function countCouponUses(
  db: DbOrTx,
  organizationId: string,
  couponId: string,
  family: { guardianId: string | null; studentId: string },
): Promise<{ total: number; family: number }> {
  const familyMatch = family.guardianId
    ? sql`${couponRedemptions.guardianId} = ${family.guardianId}`
    : sql`${couponRedemptions.guardianId} is null and ${couponRedemptions.studentId} = ${family.studentId}`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      family: sql<number>`(count(*) filter (where ${familyMatch}))::int`,
    })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        eq(couponRedemptions.couponId, couponId),
        inArray(couponRedemptions.status, [...countedStatuses]),
      ),
    );
  return { total: row?.total ?? 0, family: row?.family ?? 0 };
}

/** Any use that counts (an edit of the code, type or value is then refused). */
export async function hasCountedUses(db: DbOrTx, organizationId: string, couponId: string) {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        eq(couponRedemptions.couponId, couponId),
        inArray(couponRedemptions.status, [...countedStatuses]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertRedemption(db: DbOrTx, values: typeof couponRedemptions.$inferInsert) {
  const [row] = await db.insert(couponRedemptions).values(values).returning();
  return row!;
}

export async function updateRedemption(
  db: DbOrTx,
  organizationId: string,
  redemptionId: string,
  values: Partial<typeof couponRedemptions.$inferInsert>,
) {
  const [row] = await db
    .update(couponRedemptions)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        eq(couponRedemptions.id, redemptionId),
      ),
    )
    .returning();
  return row!;
}

/** The pre-registration's reserved or applied use (at most one), locked. */
export async function lockRedemptionOfAdmission(
  db: DbOrTx,
  organizationId: string,
  admissionId: string,
): Promise<CouponRedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        eq(couponRedemptions.admissionId, admissionId),
        ne(couponRedemptions.status, 'released'),
      ),
    )
    .for('update');
  return row;
}

/** One page of a coupon's uses, newest first, with their invoice's number. */
export async function findRedemptionPage(
  db: DbOrTx,
  organizationId: string,
  couponId: string,
  page: { page: number; pageSize: number },
) {
  const rows = await db
    .select({
      redemption: couponRedemptions,
      invoiceNumber: invoices.number,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(couponRedemptions)
    .leftJoin(
      invoices,
      and(
        eq(invoices.organizationId, couponRedemptions.organizationId),
        eq(invoices.id, couponRedemptions.invoiceId),
      ),
    )
    .where(
      and(
        eq(couponRedemptions.organizationId, organizationId),
        eq(couponRedemptions.couponId, couponId),
      ),
    )
    .orderBy(desc(couponRedemptions.createdAt), asc(couponRedemptions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.organizationId, organizationId),
          eq(couponRedemptions.couponId, couponId),
        ),
      );
    total = count?.total ?? 0;
  }
  return { rows, total };
}

/**
 * A student's open or partly paid invoices, locked in id order (the order every multi-invoice lock
 * follows) and returned oldest due first: where a held pre-registration use lands at acceptance.
 */
export async function lockOpenInvoicesOfStudent(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
) {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.studentId, studentId),
        inArray(invoices.status, ['open', 'partially_paid']),
      ),
    )
    .orderBy(asc(invoices.id))
    .for('update');
  return rows.sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}
