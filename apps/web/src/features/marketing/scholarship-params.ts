import type { ScholarshipStatus } from '@ecolage/contracts';
import { readId, readNamed, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * « Bourses »' list state in the address, in French: `?onglet=bourses&q=agbeko&statut=recommande&
 * programme=<id>&page=2`. What is not valid is ignored. The shell owns `onglet` and `jours`.
 */
export const SCHOLARSHIPS_PAGE_SIZE = 10;

export const SCHOLARSHIP_STATUS_WORDS: Record<ScholarshipStatus, string> = {
  recommended: 'recommande',
  granted: 'accorde',
  refused: 'refuse',
};

export interface ScholarshipParams {
  search: string;
  status: ScholarshipStatus | null;
  programmeId: string | null;
  page: number;
}

export function readScholarshipParams(params: URLSearchParams): ScholarshipParams {
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    status: readNamed(params, 'statut', SCHOLARSHIP_STATUS_WORDS),
    programmeId: readId(params, 'programme'),
    page: readPage(params),
  };
}

/** The address patch for `state`: defaults (page 1, no filter) remove their parameter. */
export function scholarshipParamsPatch(state: Partial<ScholarshipParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('status' in state) {
    patch.statut = state.status ? SCHOLARSHIP_STATUS_WORDS[state.status] : null;
  }
  if ('programmeId' in state) patch.programme = state.programmeId ?? null;
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  return patch;
}
