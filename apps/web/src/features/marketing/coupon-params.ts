import type { CouponScope, CouponStatus } from '@ecolage/contracts';
import { readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * « Coupons »' list state in the address, in French: `?onglet=coupons&q=rentree&statut=epuise&
 * portee=niveau&archives=oui&page=2`. What is not valid is ignored. The shell owns `onglet`
 * and `jours` (and clears the others when the tab changes).
 */
export const COUPONS_PAGE_SIZE = 10;

export const COUPON_STATUS_WORDS: Record<CouponStatus, string> = {
  active: 'actif',
  expired: 'expire',
  exhausted: 'epuise',
  disabled: 'desactive',
};

export const COUPON_SCOPE_WORDS: Record<CouponScope, string> = {
  all: 'tout',
  programme: 'programme',
  level: 'niveau',
  registration: 'inscription',
};

export interface CouponParams {
  search: string;
  status: CouponStatus | null;
  scope: CouponScope | null;
  archived: boolean;
  page: number;
}

export function readCouponParams(params: URLSearchParams): CouponParams {
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    status: readNamed(params, 'statut', COUPON_STATUS_WORDS),
    scope: readNamed(params, 'portee', COUPON_SCOPE_WORDS),
    archived: params.get('archives') === 'oui',
    page: readPage(params),
  };
}

/** The address patch for `state`: defaults (page 1, no filter) remove their parameter. */
export function couponParamsPatch(state: Partial<CouponParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('status' in state) patch.statut = state.status ? COUPON_STATUS_WORDS[state.status] : null;
  if ('scope' in state) patch.portee = state.scope ? COUPON_SCOPE_WORDS[state.scope] : null;
  if ('archived' in state) patch.archives = state.archived ? 'oui' : null;
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}
