import {
  SETTLEMENTS_PAGE_SIZE,
  type PaymentChannelValue,
  type PaymentMethodValue,
  type SettlementListParams,
  type SettlementPage,
  type SettlementRow,
  type SettlementSortDirection,
  type SettlementTotals,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { searchWords } from '../../../platform/search-text';
import {
  countGroups,
  findOrderedLines,
  findPayoutReferences,
  STATUS_ORDER,
  sumLines,
  sumRolledUp,
  type GroupBy,
  type GroupFilter,
  type LineGroup,
  type LineOrder,
  type SettlementLine,
  type SettlementListScope,
} from './settlement-list.repository';

const ORDER_OF_SORT: Record<SettlementListParams['sort'], LineOrder> = {
  date: 'date',
  student: 'student',
  gross: 'gross',
  commission: 'commission',
  fee: 'fee',
  net: 'net',
  status: 'statusRank',
  transfer: 'payoutReference',
};

function toRow(line: SettlementLine): SettlementRow {
  return {
    id: line.id,
    kind: line.kind,
    paymentId: line.paymentId,
    date: line.occurredAt.toISOString(),
    studentId: line.studentId,
    studentLabel: line.studentLabel,
    gross: line.gross,
    commission: line.commission,
    providerFee: line.providerFee,
    feeRateMissing: line.feeRateMissing,
    net: line.net,
    status: line.status,
    provider: line.provider as PaymentChannelValue,
    wallet: line.wallet as PaymentMethodValue,
    payoutId: line.payoutId,
    payoutReference: line.payoutReference,
    transferId: line.transferId,
  };
}

/** The status groups in the column's order (its French words). */
function orderStatusGroups(groups: LineGroup[]): LineGroup[] {
  return STATUS_ORDER.flatMap((status) => groups.filter((group) => group.key === status));
}

/** The payout groups by reference (`VIR-2026-000001`…: by time), the lines in no payout last. */
async function orderPayoutGroups(
  db: DbOrTx,
  organizationId: string,
  groups: LineGroup[],
): Promise<LineGroup[]> {
  const ids = groups.flatMap((group) => (group.key ? [group.key] : []));
  const references = await findPayoutReferences(db, organizationId, ids);
  const reference = (group: LineGroup) => (group.key ? (references.get(group.key) ?? '') : null);
  return [...groups].sort((a, b) => {
    const ra = reference(a);
    const rb = reference(b);
    if (ra === null || rb === null) return ra === rb ? 0 : ra === null ? 1 : -1;
    return ra < rb ? -1 : ra > rb ? 1 : (a.key ?? '') < (b.key ?? '') ? -1 : 1;
  });
}

/**
 * A page found through the rollup's counts, never by skipping lines: `levels` are the groups the
 * order walks (« Statut »: status then day; « Identifiant du virement »: payout then day; « Date »:
 * day), each group's count says whether the page starts in it, and only the page's day is read,
 * by date, on its index. A deep page costs what the first does.
 */
async function walkGroups(
  db: DbOrTx,
  scope: SettlementListScope,
  levels: GroupBy[],
  inside: GroupFilter[],
  dir: SettlementSortDirection,
  offset: number,
  limit: number,
): Promise<SettlementLine[]> {
  const [by, ...deeper] = levels;
  if (!by) return [];
  const counted = await countGroups(db, scope, by, inside);
  const ascending =
    by === 'status'
      ? orderStatusGroups(counted)
      : by === 'payout'
        ? await orderPayoutGroups(db, scope.organizationId, counted)
        : counted;
  const groups = dir === 'asc' ? ascending : [...ascending].reverse();
  const page: SettlementLine[] = [];
  let skip = offset;
  for (const group of groups) {
    if (page.length >= limit) break;
    if (skip >= group.count) {
      skip -= group.count;
      continue;
    }
    const take = Math.min(limit - page.length, group.count - skip);
    const within = [...inside, { by, key: group.key }];
    page.push(
      ...(deeper.length > 0
        ? await walkGroups(db, scope, deeper, within, dir, skip, take)
        : await findOrderedLines(db, scope, within, 'date', dir, take, skip, group.count)),
    );
    skip = 0;
  }
  return page;
}

/** The groups each sort walks when no student search is on (the others skip lines by index). */
const WALKS: Partial<Record<SettlementListParams['sort'], GroupBy[]>> = {
  date: ['day'],
  status: ['status', 'day'],
  transfer: ['payout', 'day'],
};

/**
 * One page of « Comptabilité › Paiements »: 8 lines in the chosen order (ties by id) and the
 * totals of every filtered line. Without a student search, the totals and the count are a sum
 * over the rollup (`settlement_day_totals`); with one, the few lines found are counted.
 */
export async function listSettlements(
  db: DbOrTx,
  organizationId: string,
  query: SettlementListParams,
): Promise<SettlementPage> {
  const pageSize = SETTLEMENTS_PAGE_SIZE;
  const scope: SettlementListScope = {
    organizationId,
    from: query.from,
    to: query.to,
    provider: query.provider,
    status: query.status,
    payoutId: query.payoutId,
    words: query.q ? searchWords(query.q) : [],
  };
  const offset = (query.page - 1) * pageSize;
  const searching = scope.words.length > 0;
  const totals: SettlementTotals = searching
    ? await sumLines(db, scope)
    : await sumRolledUp(db, scope);

  const walk = searching ? undefined : WALKS[query.sort];
  const lines = walk
    ? await walkGroups(db, scope, walk, [], query.dir, offset, pageSize)
    : await findOrderedLines(
        db,
        scope,
        [],
        ORDER_OF_SORT[query.sort],
        query.dir,
        pageSize,
        offset,
        totals.count,
      );
  return { rows: lines.map(toRow), page: query.page, pageSize, total: totals.count, totals };
}
