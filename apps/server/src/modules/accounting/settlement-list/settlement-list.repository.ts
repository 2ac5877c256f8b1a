import type {
  PaymentChannelValue,
  SettlementSortDirection,
  SettlementStatusValue,
  SettlementTotals,
} from '@ecolage/contracts';
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/search-text';
import { payouts } from '../payouts/payouts.tables';
import { paymentSettlements } from '../settlements/settlements.tables';
import { settlementDayTotals } from './settlement-totals.tables';

/** The list's filters for one school (`words`: the student search, folded, every one required). */
export interface SettlementListScope {
  organizationId: string;
  from?: string;
  to?: string;
  provider?: PaymentChannelValue;
  status?: SettlementStatusValue;
  payoutId?: string;
  words: string[];
}

/** One group of lines the « Statut » or « Identifiant du virement » sort walks, in order. */
export interface LineGroup {
  /** The status, or the payout's id (null: the lines in no payout). */
  key: string | null;
  count: number;
}

const lines = paymentSettlements;
const rollup = settlementDayTotals;

/** The filters over the lines (the search included). */
export function lineConditions(scope: SettlementListScope): SQL {
  return and(
    eq(lines.organizationId, scope.organizationId),
    scope.from ? gte(lines.day, scope.from) : undefined,
    scope.to ? lte(lines.day, scope.to) : undefined,
    scope.provider ? eq(lines.provider, scope.provider) : undefined,
    scope.status ? eq(lines.status, scope.status) : undefined,
    scope.payoutId ? eq(lines.payoutId, scope.payoutId) : undefined,
    ...scope.words.map((word) => sql`${lines.studentSortKey} like ${containsPattern(word)}`),
  )!;
}

/** The same filters over the rollup (never with a search: it has no student). */
function rollupConditions(scope: SettlementListScope): SQL {
  return and(
    eq(rollup.organizationId, scope.organizationId),
    scope.from ? gte(rollup.day, scope.from) : undefined,
    scope.to ? lte(rollup.day, scope.to) : undefined,
    scope.provider ? eq(rollup.provider, scope.provider) : undefined,
    scope.status ? eq(rollup.status, scope.status) : undefined,
    scope.payoutId ? eq(rollup.payoutId, scope.payoutId) : undefined,
  )!;
}

const toNumber = (value: unknown) => Number(value ?? 0);

function totalsOf(row: Record<string, unknown> | undefined): SettlementTotals {
  return {
    count: toNumber(row?.count),
    gross: toNumber(row?.gross),
    commission: toNumber(row?.commission),
    providerFee: toNumber(row?.providerFee),
    net: toNumber(row?.net),
  };
}

/** Totals of the filtered lines from the rollup: a sum over a few rows per day. */
export async function sumRolledUp(db: DbOrTx, scope: SettlementListScope) {
  const [row] = await db
    .select({
      count: sql`coalesce(sum(${rollup.lineCount}), 0)`,
      gross: sql`coalesce(sum(${rollup.gross}), 0)`,
      commission: sql`coalesce(sum(${rollup.commission}), 0)`,
      providerFee: sql`coalesce(sum(${rollup.providerFee}), 0)`,
      net: sql`coalesce(sum(${rollup.net}), 0)`,
    })
    .from(rollup)
    .where(rollupConditions(scope));
  return totalsOf(row);
}

/** Totals of the filtered lines counted line by line (a student search: few lines). */
export async function sumLines(db: DbOrTx, scope: SettlementListScope) {
  const [row] = await db
    .select({
      count: sql`count(*)`,
      gross: sql`coalesce(sum(${lines.gross}), 0)`,
      commission: sql`coalesce(sum(${lines.commission}), 0)`,
      providerFee: sql`coalesce(sum(${lines.providerFee}), 0)`,
      net: sql`coalesce(sum(${lines.net}), 0)`,
    })
    .from(lines)
    .where(lineConditions(scope));
  return totalsOf(row);
}

/** What the rollup and the lines can be grouped by: a status, a payout, a school day. */
export type GroupBy = 'status' | 'payout' | 'day';

/** A group already chosen (the lines of one status, one payout), as a condition. */
export interface GroupFilter {
  by: GroupBy;
  key: string | null;
}

function rollupGroupCondition({ by, key }: GroupFilter): SQL {
  if (by === 'status') return sql`${rollup.status} = ${key ?? ''}`;
  if (by === 'day') return eq(rollup.day, key ?? '');
  return key === null ? isNull(rollup.payoutId) : eq(rollup.payoutId, key);
}

/**
 * How many filtered lines each status, payout or day has (within `inside`), from the rollup;
 * days in order, the others unordered.
 */
export async function countGroups(
  db: DbOrTx,
  scope: SettlementListScope,
  by: GroupBy,
  inside: GroupFilter[] = [],
): Promise<LineGroup[]> {
  const column = by === 'status' ? rollup.status : by === 'payout' ? rollup.payoutId : rollup.day;
  const rows = await db
    .select({ key: column, count: sql`sum(${rollup.lineCount})` })
    .from(rollup)
    .where(and(rollupConditions(scope), ...inside.map(rollupGroupCondition)))
    .groupBy(column)
    .orderBy(by === 'day' ? rollup.day : sql`1`);
  return rows
    .map((row) => ({ key: row.key, count: toNumber(row.count) }))
    .filter((group) => group.count > 0);
}

/** The references of the school's payouts among `ids` (the transfer sort orders by them). */
export async function findPayoutReferences(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payouts.id, reference: payouts.reference })
    .from(payouts)
    .where(and(eq(payouts.organizationId, organizationId), inArray(payouts.id, ids)));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/** The sort keys the lines are read by; the last one is always the id (ties stay in place). */
export type LineOrder =
  'date' | 'student' | 'gross' | 'commission' | 'fee' | 'net' | 'statusRank' | 'payoutReference';

/** « Statut » sorts in the order of its French words: En attente, En cours, Encaissé, Payé. */
export const STATUS_ORDER: readonly SettlementStatusValue[] = [
  'pending',
  'in_payout',
  'at_desk',
  'paid',
];

const dateKeys = [lines.day, lines.occurredAt, lines.id];

/**
 * The ORDER BY of `order`. With a student search (`searching`), the first key is written so that
 * no index can give the order (`day + 0`, `gross + 0`…): the planner then takes the few lines the
 * search's trigrams find and sorts them, instead of walking a sort index line by line in the hope
 * of meeting a rare name (its estimate of a name's lines can be far off).
 */
function orderKeys(order: LineOrder, dir: SettlementSortDirection, searching: boolean): SQL[] {
  const way = dir === 'asc' ? sql`asc` : sql`desc`;
  const by = (columns: unknown[]) => columns.map((column) => sql`${column} ${way}`);
  const first = (column: unknown, unindexed: SQL) => (searching ? unindexed : sql`${column}`);
  const dated = [first(lines.day, sql`${lines.day} + 0`), lines.occurredAt, lines.id];
  switch (order) {
    case 'date':
      return by(dated);
    case 'student':
      return by([first(lines.studentSortKey, sql`${lines.studentSortKey} || ''`), lines.id]);
    case 'gross':
      return by([first(lines.gross, sql`${lines.gross} + 0`), lines.id]);
    case 'commission':
      return by([first(lines.commission, sql`${lines.commission} + 0`), lines.id]);
    case 'fee':
      return by([first(lines.providerFee, sql`${lines.providerFee} + 0`), lines.id]);
    case 'net':
      return by([first(lines.net, sql`${lines.net} + 0`), lines.id]);
    case 'statusRank': {
      const rank = sql`array_position(${sql.raw(`array['${STATUS_ORDER.join("','")}']`)}::text[], ${lines.status})`;
      return [...by([rank]), ...by(dateKeys)];
    }
    case 'payoutReference': {
      // The lines in no payout come after the payouts (before them, newest first).
      const nulls = dir === 'asc' ? sql`nulls last` : sql`nulls first`;
      return [sql`${payouts.reference} ${way} ${nulls}`, ...by(dateKeys)];
    }
  }
}

/** A group of a walk (a status, a payout, a day) as a condition on the lines. */
export function groupCondition({ by, key }: GroupFilter): SQL {
  if (by === 'status') return sql`${lines.status} = ${key ?? ''}`;
  if (by === 'day') return eq(lines.day, key ?? '');
  return key === null ? isNull(lines.payoutId) : eq(lines.payoutId, key);
}

/**
 * The ids of one page of filtered lines in `order`: read from the indexes alone where one serves
 * the order (each sort's index carries the filtered columns), then the page's lines fetched by id.
 */
async function findLineIds(
  db: DbOrTx,
  scope: SettlementListScope,
  within: GroupFilter[],
  order: LineOrder,
  dir: SettlementSortDirection,
  limit: number,
  offset: number,
): Promise<string[]> {
  const where = and(lineConditions(scope), ...within.map(groupCondition));
  const keys = orderKeys(order, dir, scope.words.length > 0);
  const query =
    order === 'payoutReference'
      ? db
          .select({ id: lines.id })
          .from(lines)
          .leftJoin(
            payouts,
            and(eq(payouts.organizationId, lines.organizationId), eq(payouts.id, lines.payoutId)),
          )
      : db.select({ id: lines.id }).from(lines);
  const rows = await query
    .where(where)
    .orderBy(...keys)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

/** The lines as the table shows them, with their payout's reference and transfer id. */
export async function findLinesByIds(db: DbOrTx, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: lines.id,
      kind: lines.kind,
      paymentId: lines.paymentId,
      occurredAt: lines.occurredAt,
      studentId: lines.studentId,
      studentLabel: lines.studentLabel,
      gross: lines.gross,
      commission: lines.commission,
      providerFee: lines.providerFee,
      feeRateMissing: lines.feeRateMissing,
      net: lines.net,
      status: lines.status,
      provider: lines.provider,
      wallet: lines.wallet,
      payoutId: lines.payoutId,
      payoutReference: payouts.reference,
      transferId: payouts.transferId,
    })
    .from(lines)
    .leftJoin(
      payouts,
      and(eq(payouts.organizationId, lines.organizationId), eq(payouts.id, lines.payoutId)),
    )
    .where(and(eq(lines.organizationId, organizationId), inArray(lines.id, ids)));
}
export type SettlementLine = Awaited<ReturnType<typeof findLinesByIds>>[number];

/**
 * `limit` filtered lines from `offset` in `order` (`within` the groups of a walk), of `total`
 * lines. A page past the middle is read from the other end (its lines reversed back), so the last
 * page costs what the first does.
 */
export async function findOrderedLines(
  db: DbOrTx,
  scope: SettlementListScope,
  within: GroupFilter[],
  order: LineOrder,
  dir: SettlementSortDirection,
  limit: number,
  offset: number,
  total: number,
): Promise<SettlementLine[]> {
  if (offset >= total || limit <= 0) return [];
  let ids: string[];
  if (offset > total / 2) {
    const take = Math.min(limit, total - offset);
    const fromEnd = Math.max(0, total - offset - take);
    const reverse = dir === 'asc' ? 'desc' : 'asc';
    ids = (await findLineIds(db, scope, within, order, reverse, take, fromEnd)).reverse();
  } else {
    ids = await findLineIds(db, scope, within, order, dir, limit, offset);
  }
  const found = new Map(
    (await findLinesByIds(db, scope.organizationId, ids)).map((line) => [line.id, line]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}
