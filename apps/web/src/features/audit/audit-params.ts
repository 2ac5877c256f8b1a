import { addDays, utcDay, utcMidnight } from '@ecolage/contracts';
import { PAGE_SIZES, readChoice, readPage, readPageSize } from '../../lib/list-params';
import type { AuditFilterCategory, AuditListParams } from './audit.api';

/**
 * The journal's state in the address: `?periode=&categorie=&q=&page=&taille=`, with French
 * values like the rest of the address.
 */
export const PERIODS = ['7j', '30j', 'annee', 'tout'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = '30j';
export const AUDIT_PAGE_SIZE = 20;
export { PAGE_SIZES };

export const CATEGORY_PARAMS: Record<AuditFilterCategory, string> = {
  invoice: 'factures',
  payment: 'paiements',
  export: 'exports',
  user: 'utilisateurs',
  refund: 'remboursements',
  settings: 'parametres',
};
export const FILTER_CATEGORIES = Object.keys(CATEGORY_PARAMS) as AuditFilterCategory[];

/**
 * Where `period` starts, as an ISO date-time, or null for « Tout ». Days start at midnight in
 * the school's time zone (Africa/Lome is UTC+0 all year), so the value — and the cache key —
 * only changes once a day. « 7 derniers jours » is today and the six days before.
 */
export function periodStart(period: Period, now = new Date()): string | null {
  const today = utcDay(now);
  switch (period) {
    case '7j':
      return utcMidnight(addDays(today, -6)).toISOString();
    case '30j':
      return utcMidnight(addDays(today, -29)).toISOString();
    case 'annee':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1)).toISOString();
    case 'tout':
      return null;
  }
}

export interface AuditScreenState extends AuditListParams {
  period: Period;
}

export function readAuditParams(params: URLSearchParams, now = new Date()): AuditScreenState {
  const period = readChoice(params, 'periode', PERIODS) ?? DEFAULT_PERIOD;
  const categoryParam = readChoice(params, 'categorie', Object.values(CATEGORY_PARAMS));
  const category =
    FILTER_CATEGORIES.find((candidate) => CATEGORY_PARAMS[candidate] === categoryParam) ?? null;
  return {
    period,
    category,
    search: (params.get('q') ?? '').trim(),
    from: periodStart(period, now),
    page: readPage(params),
    pageSize: readPageSize(params, AUDIT_PAGE_SIZE),
  };
}
