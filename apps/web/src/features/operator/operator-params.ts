import type { OperatorKycStatus, PlanId } from '@ecolage/contracts';
import { readChoice, readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The schools list's state in the address, in French:
 * `?kyc=a-examiner&formule=decouverte&statut=archivee&q=lome&page=2`.
 */
export const SCHOOLS_PAGE_SIZE = 20;
export const INBOX_PAGE_SIZE = 20;

/** The KYC filter's words, « À examiner » first. */
export const KYC_WORDS: Record<OperatorKycStatus, string> = {
  soumis: 'a-examiner',
  a_envoyer: 'a-envoyer',
  refuse: 'refuse',
  valide: 'valide',
};
export const kycFilterOrder: OperatorKycStatus[] = ['soumis', 'a_envoyer', 'refuse', 'valide'];

export const planValues: PlanId[] = ['decouverte', 'croissance', 'personnalise'];
export const STATUS_WORDS = { active: 'active', archived: 'archivee' } as const;

export interface SchoolListParams {
  q: string;
  kyc: OperatorKycStatus | null;
  plan: PlanId | null;
  status: 'active' | 'archived' | null;
  page: number;
}

export function readSchoolParams(params: URLSearchParams): SchoolListParams {
  return {
    q: params.get('q')?.trim().slice(0, 100) ?? '',
    kyc: readNamed(params, 'kyc', KYC_WORDS),
    plan: readChoice(params, 'formule', planValues),
    status: readNamed(params, 'statut', STATUS_WORDS),
    page: readPage(params),
  };
}

/** The address's words for a change; any filter change goes back to page 1. */
export function schoolParamsPatch(state: Partial<SchoolListParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if (state.q !== undefined) patch.q = state.q || null;
  if (state.kyc !== undefined) patch.kyc = state.kyc ? KYC_WORDS[state.kyc] : null;
  if (state.plan !== undefined) patch.formule = state.plan;
  if (state.status !== undefined) patch.statut = state.status ? STATUS_WORDS[state.status] : null;
  patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}

/** The query string of the API for these params. */
export function schoolsQuery(list: SchoolListParams): string {
  const search = new URLSearchParams({
    page: String(list.page),
    pageSize: String(SCHOOLS_PAGE_SIZE),
  });
  if (list.q) search.set('q', list.q);
  if (list.kyc) search.set('kyc', list.kyc);
  if (list.plan) search.set('plan', list.plan);
  if (list.status) search.set('status', list.status);
  return search.toString();
}
