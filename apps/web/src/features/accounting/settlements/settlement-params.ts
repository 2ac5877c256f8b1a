import {
  paymentChannelValues,
  settlementSortValues,
  settlementStatusValues,
} from '@ecolage/contracts';
import type {
  PaymentChannelValue,
  SettlementSortDirection,
  SettlementSortValue,
  SettlementStatusValue,
} from '@ecolage/contracts';
import { readDay } from '../../payments/payment-params';
import { readId, readNamed, readPage } from '../../../lib/list-params';
import type { ParamsPatch } from '../../../lib/list-params';

/**
 * « Comptabilité › Paiements » in the address, in French like the rest of it:
 * `?tri=brut&ordre=asc&du=2026-11-01&au=2026-11-30&psp=mtn&statut=en-attente&virement=<id>&q=awa&page=2`.
 * What is not valid is ignored (the filter is off, the default sort).
 */

export interface SettlementFilters {
  from: string | null;
  to: string | null;
  provider: PaymentChannelValue | null;
  status: SettlementStatusValue | null;
  payoutId: string | null;
  search: string;
}

export interface SettlementParams extends SettlementFilters {
  sort: SettlementSortValue;
  dir: SettlementSortDirection;
  page: number;
}

export const SORT_WORDS: Record<SettlementSortValue, string> = {
  date: 'date',
  student: 'etudiant',
  gross: 'brut',
  commission: 'commission',
  fee: 'frais',
  net: 'net',
  status: 'statut',
  transfer: 'virement',
};

export const STATUS_WORDS: Record<SettlementStatusValue, string> = {
  pending: 'en-attente',
  in_payout: 'en-cours',
  paid: 'paye',
  at_desk: 'caisse',
};

export const PROVIDER_WORDS: Record<PaymentChannelValue, string> = {
  paygate: 'paygate',
  fedapay: 'fedapay',
  mtn: 'mtn',
  orange: 'orange',
  wave: 'wave',
  desk: 'caisse',
};

/** Newest first by date; any other column starts from its smallest (A → Z, least money first). */
export function defaultDirection(sort: SettlementSortValue): SettlementSortDirection {
  return sort === 'date' ? 'desc' : 'asc';
}

export function readSettlementParams(params: URLSearchParams): SettlementParams {
  const from = readDay(params.get('du'));
  const to = readDay(params.get('au'));
  const sort = readNamed(params, 'tri', SORT_WORDS) ?? 'date';
  const order = params.get('ordre');
  return {
    from,
    // An end before the start (an edited link) would be refused by the server: ignored.
    to: to && from && to < from ? null : to,
    provider: readNamed(params, 'psp', PROVIDER_WORDS),
    status: readNamed(params, 'statut', STATUS_WORDS),
    payoutId: readId(params, 'virement'),
    search: (params.get('q') ?? '').trim().slice(0, 100),
    sort,
    dir: order === 'asc' || order === 'desc' ? order : defaultDirection(sort),
    page: readPage(params),
  };
}

/** The address patch for `state`: defaults remove their parameter (a plain list, a plain address). */
export function settlementParamsPatch(state: Partial<SettlementParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('from' in state) patch.du = state.from ?? null;
  if ('to' in state) patch.au = state.to ?? null;
  if ('provider' in state) patch.psp = state.provider ? PROVIDER_WORDS[state.provider] : null;
  if ('status' in state) patch.statut = state.status ? STATUS_WORDS[state.status] : null;
  if ('payoutId' in state) patch.virement = state.payoutId ?? null;
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('sort' in state || 'dir' in state) {
    const sort = state.sort ?? 'date';
    const dir = state.dir ?? defaultDirection(sort);
    patch.tri = sort === 'date' ? null : SORT_WORDS[sort];
    patch.ordre = dir === defaultDirection(sort) ? null : dir;
  }
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}

/**
 * A header's click: a new column is sorted its default way, the current one the other way; the
 * list goes back to page 1.
 */
export function sortClick(
  current: Pick<SettlementParams, 'sort' | 'dir'>,
  column: SettlementSortValue,
): Partial<SettlementParams> {
  const dir =
    current.sort === column ? (current.dir === 'asc' ? 'desc' : 'asc') : defaultDirection(column);
  return { sort: column, dir, page: 1 };
}

export function hasSettlementFilters(filters: SettlementFilters): boolean {
  return Boolean(
    filters.from ||
    filters.to ||
    filters.provider ||
    filters.status ||
    filters.payoutId ||
    filters.search,
  );
}

/** `GET /api/accounting/settlements`' query string (empty filters left out). */
export function settlementQuery(params: SettlementParams): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('sort', params.sort);
  query.set('dir', params.dir);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.provider) query.set('provider', params.provider);
  if (params.status) query.set('status', params.status);
  if (params.payoutId) query.set('payoutId', params.payoutId);
  if (params.search) query.set('q', params.search);
  return query.toString();
}

export const SORT_COLUMNS: readonly SettlementSortValue[] = settlementSortValues;
export const STATUS_CHOICES: readonly SettlementStatusValue[] = settlementStatusValues;
export const PROVIDER_CHOICES: readonly PaymentChannelValue[] = paymentChannelValues;
