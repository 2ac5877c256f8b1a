import {
  couponKindLabels,
  couponScopeLabels,
  type Coupon,
  type CouponRedemption,
  type CouponRequest,
  type CouponScope,
  type CouponStatus,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { isUniqueViolation, violatedConstraint } from '../../../platform/db/errors';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { schoolToday } from '../../organizations';
import { findLevel, findProgramme } from '../../programmes';
import { findStudentCards } from '../../students';
import { auditCoupon } from './coupon-audit';
import {
  findCouponPage,
  findRedemptionPage,
  hasCountedUses,
  insertCoupon,
  lockCoupon,
  updateCoupon as updateCouponRow,
  type CouponListRow,
} from './coupons.repository';
import type { CouponRow } from './coupons.tables';

export interface CouponListQuery {
  q?: string;
  status?: CouponStatus;
  scope?: CouponScope;
  archived: 'true' | 'false';
  page: number;
  pageSize: number;
}

/** Names of the programmes and levels a page of coupons targets (a page holds ten at most). */
async function targetNames(db: DbOrTx, organizationId: string, rows: readonly CouponRow[]) {
  const programmes = new Map<string, string>();
  const levels = new Map<string, string>();
  for (const id of new Set(rows.flatMap((row) => (row.programmeId ? [row.programmeId] : [])))) {
    const programme = await findProgramme(db, organizationId, id);
    if (programme) programmes.set(id, programme.name);
  }
  for (const id of new Set(rows.flatMap((row) => (row.levelId ? [row.levelId] : [])))) {
    const level = await findLevel(db, organizationId, id);
    if (level) levels.set(id, level.level.name);
  }
  return { programmes, levels };
}

function couponItem(
  { coupon, uses, discountTotal, status }: CouponListRow,
  names: Awaited<ReturnType<typeof targetNames>>,
): Coupon {
  const named = (id: string | null, from: Map<string, string>) =>
    id ? { id, name: from.get(id) ?? '' } : null;
  return {
    id: coupon.id,
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    scope: coupon.scope,
    programme: named(coupon.programmeId, names.programmes),
    level: named(coupon.levelId, names.levels),
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    maxUses: coupon.maxUses,
    maxUsesPerFamily: coupon.maxUsesPerFamily,
    uses,
    discountTotal,
    status,
    disabled: coupon.disabledAt !== null,
    archived: coupon.archivedAt !== null,
    createdAt: coupon.createdAt.toISOString(),
  };
}

/** « Marketing › Coupons »: search on code and description, status and scope filters, pages. */
export async function listCoupons(db: DbOrTx, organizationId: string, query: CouponListQuery) {
  const today = await schoolToday(db, organizationId);
  const { rows, total } = await findCouponPage(db, organizationId, today, {
    q: query.q,
    status: query.status,
    scope: query.scope,
    archived: query.archived === 'true',
    page: query.page,
    pageSize: query.pageSize,
  });
  const names = await targetNames(
    db,
    organizationId,
    rows.map((row) => row.coupon),
  );
  return {
    items: rows.map((row) => couponItem(row, names)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getCoupon(db: DbOrTx, organizationId: string, couponId: string) {
  const today = await schoolToday(db, organizationId);
  const { rows } = await findCouponPage(db, organizationId, today, {
    id: couponId,
    page: 1,
    pageSize: 1,
  });
  if (!rows[0]) throw notFound('COUPON_NOT_FOUND');
  return couponItem(rows[0], await targetNames(db, organizationId, [rows[0].coupon]));
}

/**
 * The target as stored: a programme coupon names its programme, a level coupon its level (and that
 * level's programme), the others neither. Another school's programme or level is not found.
 */
async function scopeTarget(tx: DbOrTx, organizationId: string, request: CouponRequest) {
  if (request.scope === 'programme') {
    const programme = await findProgramme(tx, organizationId, request.programmeId!);
    if (!programme) {
      throw domainError('PROGRAMME_NOT_FOUND', {}, { field: 'programmeId', statusCode: 400 });
    }
    return { programmeId: programme.id, levelId: null };
  }
  if (request.scope === 'level') {
    const level = await findLevel(tx, organizationId, request.levelId!);
    if (!level) throw domainError('LEVEL_NOT_FOUND', {}, { field: 'levelId', statusCode: 400 });
    return { programmeId: level.programme.id, levelId: level.level.id };
  }
  return { programmeId: null, levelId: null };
}

function describeCoupon(request: Pick<CouponRow, 'kind' | 'value' | 'scope'>) {
  return {
    type: couponKindLabels[request.kind],
    valeur: request.value,
    portée: couponScopeLabels[request.scope],
  };
}

/** Two members saving the same code at once: the unique key answers for the second. */
async function withCodeUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === 'coupons_organization_code_key') {
      throw domainError('COUPON_CODE_TAKEN', {}, { field: 'code' });
    }
    throw error;
  }
}

export async function createCoupon(
  db: Database,
  acting: ActingMember,
  request: CouponRequest,
): Promise<Coupon> {
  const { organizationId } = acting;
  const id = await withCodeUnique(() =>
    db.transaction(async (tx) => {
      const target = await scopeTarget(tx, organizationId, request);
      const row = await insertCoupon(tx, {
        organizationId,
        code: request.code,
        description: request.description,
        kind: request.kind,
        value: request.value,
        scope: request.scope,
        ...target,
        validFrom: request.validFrom,
        validUntil: request.validUntil,
        maxUses: request.maxUses,
        maxUsesPerFamily: request.maxUsesPerFamily,
        createdBy: acting.actor.label,
      });
      await auditCoupon(tx, acting, 'coupon.created', row.id, {
        code: row.code,
        ...describeCoupon(row),
      });
      return row.id;
    }),
  );
  return getCoupon(db, organizationId, id);
}

/** What a used coupon may no longer change: a family already got that discount. */
const lockedOnceUsed = ['code', 'kind', 'value', 'scope', 'programmeId', 'levelId'] as const;
const editable = ['description', 'validFrom', 'validUntil', 'maxUses', 'maxUsesPerFamily'] as const;

/**
 * Edits a coupon. Once used (held or applied), only its description, days and limits change: its
 * code, type, value and scope stay what the families used (a new coupon for another discount).
 */
export async function updateCoupon(
  db: Database,
  acting: ActingMember,
  couponId: string,
  request: CouponRequest,
): Promise<Coupon> {
  const { organizationId } = acting;
  await withCodeUnique(() =>
    db.transaction(async (tx: Transaction) => {
      const current = await lockCoupon(tx, organizationId, couponId);
      if (!current) throw notFound('COUPON_NOT_FOUND');
      if (current.archivedAt) throw domainError('COUPON_ARCHIVED');
      const target = await scopeTarget(tx, organizationId, request);
      const next = { ...request, ...target };
      const changed = [...lockedOnceUsed, ...editable].filter(
        (key) => (next[key] ?? null) !== (current[key] ?? null),
      );
      if (changed.length === 0) return;
      if (
        changed.some((key) => (lockedOnceUsed as readonly string[]).includes(key)) &&
        (await hasCountedUses(tx, organizationId, couponId))
      ) {
        throw domainError('COUPON_IN_USE');
      }
      await updateCouponRow(tx, organizationId, couponId, {
        code: next.code,
        description: next.description,
        kind: next.kind,
        value: next.value,
        scope: next.scope,
        programmeId: next.programmeId,
        levelId: next.levelId,
        validFrom: next.validFrom,
        validUntil: next.validUntil,
        maxUses: next.maxUses,
        maxUsesPerFamily: next.maxUsesPerFamily,
      });
      await auditCoupon(tx, acting, 'coupon.updated', couponId, {
        code: next.code,
        champs: changed.join(', '),
      });
    }),
  );
  return getCoupon(db, organizationId, couponId);
}

/**
 * « Désactiver » (no new use; held uses are still honoured at acceptance), « Réactiver »,
 * « Archiver » (out of the list and of reach, disabled for good). Repeating one changes nothing.
 */
export async function actOnCoupon(
  db: Database,
  acting: ActingMember,
  couponId: string,
  action: 'disable' | 'enable' | 'archive',
): Promise<Coupon> {
  const { organizationId } = acting;
  await db.transaction(async (tx) => {
    const current = await lockCoupon(tx, organizationId, couponId);
    if (!current) throw notFound('COUPON_NOT_FOUND');
    if (current.archivedAt) {
      if (action === 'archive') return;
      throw domainError('COUPON_ARCHIVED');
    }
    const now = new Date();
    if (action === 'disable' && current.disabledAt) return;
    if (action === 'enable' && !current.disabledAt) return;
    await updateCouponRow(
      tx,
      organizationId,
      couponId,
      action === 'enable'
        ? { disabledAt: null }
        : action === 'disable'
          ? { disabledAt: now }
          : { archivedAt: now, disabledAt: current.disabledAt ?? now },
    );
    const actions = {
      disable: 'coupon.disabled',
      enable: 'coupon.enabled',
      archive: 'coupon.archived',
    };
    await auditCoupon(tx, acting, actions[action], couponId, { code: current.code });
  });
  return getCoupon(db, organizationId, couponId);
}

/** A coupon's uses: student, invoice, amount, channel, status, by whom, when. */
export async function listCouponRedemptions(
  db: DbOrTx,
  organizationId: string,
  couponId: string,
  page: { page: number; pageSize: number },
) {
  await getCoupon(db, organizationId, couponId);
  const { rows, total } = await findRedemptionPage(db, organizationId, couponId, page);
  const cards = new Map(
    (
      await findStudentCards(
        db,
        organizationId,
        rows.map((row) => row.redemption.studentId),
      )
    ).map((card) => [card.id, card]),
  );
  const items: CouponRedemption[] = rows.map(({ redemption, invoiceNumber }) => {
    const card = cards.get(redemption.studentId);
    return {
      id: redemption.id,
      student: {
        id: redemption.studentId,
        fullName: card?.fullName ?? '',
        matricule: card?.matricule ?? '',
      },
      invoiceNumber,
      amount: redemption.amount,
      channel: redemption.channel,
      status: redemption.status,
      by: redemption.createdBy,
      createdAt: redemption.createdAt.toISOString(),
    };
  });
  return { items, total, page: page.page, pageSize: page.pageSize };
}
