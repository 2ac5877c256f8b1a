import type { StudentStatus } from '@ecolage/contracts';
import { readChoice, readPage } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * The list's state in the address, with French names and values like the rest of it:
 * `?q=&statut=actif&programme=<id>&niveau=<id>&annee=<id>&solde=retard&page=2&taille=10`.
 * What the address holds that is not valid is ignored (the filter is off).
 */

export const BALANCE_FILTERS = ['due', 'overdue', 'clear'] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];

/** The spec's 4 rows per page by default; 10, 25 or 50 on request. */
export const STUDENT_PAGE_SIZES = [4, 10, 25, 50] as const;
export const STUDENTS_PAGE_SIZE = 4;

/** What the list, the export and the filters share (no page). */
export interface StudentFilters {
  search: string;
  status: StudentStatus | null;
  programmeId: string | null;
  levelId: string | null;
  /** The school year the programme, level and balance refer to; null: the current one. */
  yearId: string | null;
  balance: BalanceFilter | null;
}

export interface StudentListParams extends StudentFilters {
  page: number;
  pageSize: number;
}

export const STATUS_PARAMS: Record<StudentStatus, string> = {
  active: 'actif',
  suspended: 'suspendu',
  pending: 'attente',
};
export const BALANCE_PARAMS: Record<BalanceFilter, string> = {
  due: 'du',
  overdue: 'retard',
  clear: 'a-jour',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readId(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return UUID.test(value) ? value.toLowerCase() : null;
}

function fromParam<Value extends string>(
  params: URLSearchParams,
  name: string,
  names: Record<Value, string>,
): Value | null {
  const param = readChoice(params, name, Object.values(names) as string[]);
  return (Object.keys(names) as Value[]).find((value) => names[value] === param) ?? null;
}

export function readStudentPageSize(params: URLSearchParams): number {
  const value = Number(params.get('taille'));
  return (STUDENT_PAGE_SIZES as readonly number[]).includes(value) ? value : STUDENTS_PAGE_SIZE;
}

export function readStudentParams(params: URLSearchParams): StudentListParams {
  const programmeId = readId(params, 'programme');
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    status: fromParam(params, 'statut', STATUS_PARAMS),
    programmeId,
    // A level belongs to a programme: without one, the level is ignored.
    levelId: programmeId ? readId(params, 'niveau') : null,
    yearId: readId(params, 'annee'),
    balance: fromParam(params, 'solde', BALANCE_PARAMS),
    page: readPage(params),
    pageSize: readStudentPageSize(params),
  };
}

/**
 * The address patch for `state` (for `useListParams`' update): defaults (page 1, 4 rows, no
 * filter) remove their parameter, so the plain list has a plain address.
 */
export function studentParamsPatch(state: Partial<StudentListParams>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('search' in state) patch.q = state.search?.trim() || null;
  if ('status' in state) patch.statut = state.status ? STATUS_PARAMS[state.status] : null;
  if ('programmeId' in state) patch.programme = state.programmeId ?? null;
  if ('levelId' in state) patch.niveau = state.levelId ?? null;
  if ('yearId' in state) patch.annee = state.yearId ?? null;
  if ('balance' in state) patch.solde = state.balance ? BALANCE_PARAMS[state.balance] : null;
  if ('page' in state) patch.page = state.page && state.page > 1 ? state.page : null;
  if ('pageSize' in state) {
    patch.taille = state.pageSize && state.pageSize !== STUDENTS_PAGE_SIZE ? state.pageSize : null;
  }
  return patch;
}

/** The address's query string for `state` (the patch applied to an empty address). */
export function studentSearchParams(state: StudentListParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(studentParamsPatch(state))) {
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}

/** How many of the panel's filters (programme, level, year, balance) are on. */
export function panelFilterCount(filters: StudentFilters): number {
  return [filters.programmeId, filters.levelId, filters.yearId, filters.balance].filter(Boolean)
    .length;
}
