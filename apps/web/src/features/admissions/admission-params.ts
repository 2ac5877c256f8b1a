import type { AdmissionStatus } from '@ecolage/contracts';
import { readNamed, readPage, readPageSize } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The « Demandes d'inscription » list's state in the address, in French:
 * `?statut=acceptees&page=2&taille=20`. Without `statut`, the requests still to examine.
 */

export const ADMISSIONS_PAGE_SIZE = 10;
export const ADMISSION_PAGE_SIZES = [10, 20, 50] as const;

export const STATUS_WORDS: Record<AdmissionStatus, string> = {
  submitted: 'a-examiner',
  accepted: 'acceptees',
  refused: 'refusees',
};

export interface AdmissionListParams {
  status: AdmissionStatus;
  page: number;
  pageSize: number;
}

export function readAdmissionParams(params: URLSearchParams): AdmissionListParams {
  return {
    status: readNamed(params, 'statut', STATUS_WORDS) ?? 'submitted',
    page: readPage(params),
    pageSize: readPageSize(params, ADMISSIONS_PAGE_SIZE),
  };
}

/** The address's words for a change (the defaults left out). */
export function admissionParamsPatch(state: Partial<AdmissionListParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if (state.status !== undefined) {
    patch.statut = state.status === 'submitted' ? null : STATUS_WORDS[state.status];
  }
  if (state.page !== undefined) patch.page = state.page === 1 ? null : state.page;
  if (state.pageSize !== undefined) {
    patch.taille = state.pageSize === ADMISSIONS_PAGE_SIZE ? null : state.pageSize;
  }
  return patch;
}
