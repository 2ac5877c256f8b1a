import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Coupon,
  CouponRedemption,
  CouponRequest,
  CouponScope,
  CouponStatus,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Marketing › Coupons »: the list (search, filters and pages on the server),
 * create, change, disable / enable / archive, and a coupon's uses. Every change refreshes what
 * is under `couponKeys.all`.
 */
export const couponKeys = {
  all: ['marketing', 'coupons'] as const,
  list: (params: CouponListParams) => [...couponKeys.all, 'list', params] as const,
  redemptions: (id: string, page: number) => [...couponKeys.all, 'redemptions', id, page] as const,
};

export interface CouponListParams {
  search: string;
  status: CouponStatus | null;
  scope: CouponScope | null;
  archived: boolean;
  page: number;
  pageSize: number;
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asPage<Item>(answer: unknown): Page<Item> {
  if (!isRecord(answer) || !Array.isArray(answer.items) || typeof answer.total !== 'number') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as Page<Item>;
}

function asCoupon(answer: unknown): Coupon {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.code !== 'string') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as Coupon;
}

const BASE = '/api/coupons';
const path = (id: string, tail = '') =>
  `${BASE}/${encodeURIComponent(id)}${tail ? `/${tail}` : ''}`;

/** `/api/coupons?page=1&pageSize=10&archived=false&q=rentree&status=active&scope=level`. */
export function couponListPath(params: CouponListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    archived: params.archived ? 'true' : 'false',
  });
  if (params.search) query.set('q', params.search);
  if (params.status) query.set('status', params.status);
  if (params.scope) query.set('scope', params.scope);
  return `${BASE}?${query.toString()}`;
}

export function useCoupons(params: CouponListParams) {
  return useQuery({
    queryKey: couponKeys.list(params),
    queryFn: async ({ signal }) =>
      asPage<Coupon>(await apiRequest(couponListPath(params), { signal })),
    placeholderData: keepPreviousData,
  });
}

/** A coupon's uses, 10 a page, newest first. */
export function useCouponRedemptions(id: string, page: number) {
  return useQuery({
    queryKey: couponKeys.redemptions(id, page),
    queryFn: async ({ signal }) =>
      asPage<CouponRedemption>(
        await apiRequest(`${path(id, 'redemptions')}?page=${page}&pageSize=10`, { signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useCouponMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** `POST /api/coupons` or `PUT /api/coupons/:id`. */
export function useSaveCoupon() {
  return useCouponMutation(async ({ id, body }: { id?: string | undefined; body: CouponRequest }) =>
    asCoupon(await apiRequest(id ? path(id) : BASE, { method: id ? 'PUT' : 'POST', body })),
  );
}

export type CouponAction = 'disable' | 'enable' | 'archive';

/** `POST /api/coupons/:id/actions` {action}. */
export function useCouponAction() {
  return useCouponMutation(async ({ id, action }: { id: string; action: CouponAction }) =>
    asCoupon(await apiRequest(path(id, 'actions'), { method: 'POST', body: { action } })),
  );
}
