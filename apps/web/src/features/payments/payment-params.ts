import { paymentPspValues, paymentStatusValues } from '@ecolage/contracts';
import type { PaymentPspValue, PaymentStatusValue } from '@ecolage/contracts';
import { readId, readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The « Paiements » list's state in the address, in French like the rest of it:
 * `?statut=succes&psp=caisse&du=2026-11-01&au=2026-11-30&q=kofi&etudiant=<id>&tri=ancien&page=2`.
 * What the address holds that is not valid is ignored (the filter is off). `?paiement=<id>`,
 * the payment open in the drawer, lives beside it.
 */

/** The spec's 9 rows per page (§9). */
export const PAYMENTS_PAGE_SIZE = 9;

/** `?paiement=<id>`: the payment open in the drawer (a shared link, a notification, the dashboard). */
export const PAYMENT_PARAM = 'paiement';

export type PaymentSort = 'desc' | 'asc';

/** What the list and the exports share (no page). */
export interface PaymentFilters {
  status: PaymentStatusValue | null;
  /** What the « PSP » column shows: the wallet paid with online, or the cash desk. */
  psp: PaymentPspValue | null;
  /** Days of the school's calendar, `YYYY-MM-DD`, inclusive. */
  from: string | null;
  to: string | null;
  /** A student's name or matricule, or an invoice number. */
  search: string;
  /** One student (a link from the student's page). */
  studentId: string | null;
  sort: PaymentSort;
}

export interface PaymentListParams extends PaymentFilters {
  page: number;
}

export const STATUS_PARAMS: Record<PaymentStatusValue, string> = {
  initiated: 'initie',
  pending: 'en-attente',
  unknown: 'en-verification',
  succeeded: 'succes',
  failed: 'echec',
  cancelled: 'annule',
  expired: 'expire',
  refund_pending: 'remboursement-en-cours',
  refunded: 'rembourse',
  partially_refunded: 'partiellement-rembourse',
};

export const PSP_PARAMS: Record<PaymentPspValue, string> = {
  YAS_TG: 'mixx',
  MOOV_TG: 'flooz',
  MTN: 'mtn',
  ORANGE: 'orange',
  WAVE: 'wave',
  CARD: 'carte',
  desk: 'caisse',
};

/** `?tri=ancien`: oldest first; absent, newest first (the server's default). */
const OLDEST_FIRST = 'ancien';

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30), else null. */
export function readDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export function readPaymentParams(params: URLSearchParams): PaymentListParams {
  const from = readDay(params.get('du'));
  const to = readDay(params.get('au'));
  return {
    status: readNamed(params, 'statut', STATUS_PARAMS),
    psp: readNamed(params, 'psp', PSP_PARAMS),
    from,
    // An end before the start (an edited link) would be refused by the server: ignored.
    to: to && from && to < from ? null : to,
    search: (params.get('q') ?? '').trim().slice(0, 100),
    studentId: readId(params, 'etudiant'),
    sort: params.get('tri') === OLDEST_FIRST ? 'asc' : 'desc',
    page: readPage(params),
  };
}

/**
 * The address patch for `state` (for `useListParams`' update): defaults (page 1, newest first,
 * no filter) remove their parameter, so the plain list has a plain address.
 */
export function paymentParamsPatch(state: Partial<PaymentListParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('status' in state) patch.statut = state.status ? STATUS_PARAMS[state.status] : null;
  if ('psp' in state) patch.psp = state.psp ? PSP_PARAMS[state.psp] : null;
  if ('from' in state) patch.du = state.from ?? null;
  if ('to' in state) patch.au = state.to ?? null;
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('studentId' in state) patch.etudiant = state.studentId ?? null;
  if ('sort' in state) patch.tri = state.sort === 'asc' ? OLDEST_FIRST : null;
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}

/** Whether any filter is on (the sort is not a filter). */
export function hasFilters(filters: PaymentFilters): boolean {
  return Boolean(
    filters.status ||
    filters.psp ||
    filters.from ||
    filters.to ||
    filters.search ||
    filters.studentId,
  );
}

/**
 * The API's query string for the filters (`GET /api/payments`, `/api/payments/export`), empty
 * ones left out, then `extra` (page, pageSize, format).
 */
export function paymentQuery(
  filters: PaymentFilters,
  extra: Record<string, string | number> = {},
): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.psp) query.set('psp', filters.psp);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.search) query.set('student', filters.search);
  if (filters.studentId) query.set('studentId', filters.studentId);
  query.set('sort', filters.sort);
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  return query;
}

/** The statuses and the « PSP » column's values in the contracts' order, for the filters' choices. */
export const STATUS_CHOICES: readonly PaymentStatusValue[] = paymentStatusValues;
export const PSP_CHOICES: readonly PaymentPspValue[] = paymentPspValues;
