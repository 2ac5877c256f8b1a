import {
  paymentChannelValues,
  paymentSourceValues,
  STATISTICS_AGE_MAX,
  STATISTICS_AGE_MIN,
} from '@ecolage/contracts';
import type { PaymentChannelValue, PaymentSource } from '@ecolage/contracts';
import { readChoice, readId } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';

/**
 * « Statistiques » in the address, with the API's own names so that the address is the query:
 * `?periode=2025&programme=<id>&ageMin=10&ageMax=18&source=cash&operateur=desk`. What is not
 * valid is ignored (the filter is off); ages the wrong way round are both dropped.
 */
export interface StatisticsFilters {
  /** `ytd` (Année à ce jour, the default) or a year. */
  period: string;
  programme: string | null;
  ageMin: number | null;
  ageMax: number | null;
  source: PaymentSource | null;
  provider: PaymentChannelValue | null;
}

export const DEFAULT_PERIOD = 'ytd';

function readAge(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const age = Number(value);
  return age >= STATISTICS_AGE_MIN && age <= STATISTICS_AGE_MAX ? age : null;
}

export function readStatisticsFilters(params: URLSearchParams): StatisticsFilters {
  const period = params.get('periode');
  const ageMin = readAge(params.get('ageMin'));
  const ageMax = readAge(params.get('ageMax'));
  const reversed = ageMin !== null && ageMax !== null && ageMin > ageMax;
  return {
    period: period !== null && /^(ytd|\d{4})$/.test(period) ? period : DEFAULT_PERIOD,
    programme: readId(params, 'programme'),
    ageMin: reversed ? null : ageMin,
    ageMax: reversed ? null : ageMax,
    source: readChoice(params, 'source', paymentSourceValues),
    provider: readChoice(params, 'operateur', paymentChannelValues),
  };
}

/** The address patch for `state`: defaults remove their parameter. */
export function statisticsFiltersPatch(state: Partial<StatisticsFilters>): ParamsPatch {
  const patch: ParamsPatch = {};
  if ('period' in state) patch.periode = state.period === DEFAULT_PERIOD ? null : state.period;
  if ('programme' in state) patch.programme = state.programme ?? null;
  if ('ageMin' in state) patch.ageMin = state.ageMin ?? null;
  if ('ageMax' in state) patch.ageMax = state.ageMax ?? null;
  if ('source' in state) patch.source = state.source ?? null;
  if ('provider' in state) patch.operateur = state.provider ?? null;
  return patch;
}

/** Every filter off (the period stays: it is not a filter the empty state blames). */
export const NO_FILTERS: Omit<StatisticsFilters, 'period'> = {
  programme: null,
  ageMin: null,
  ageMax: null,
  source: null,
  provider: null,
};

export function hasStatisticsFilters(filters: StatisticsFilters): boolean {
  return Boolean(
    filters.programme ||
    filters.ageMin !== null ||
    filters.ageMax !== null ||
    filters.source ||
    filters.provider,
  );
}

/** How many advanced filters are on (the button says so). */
export function advancedFilterCount(filters: StatisticsFilters): number {
  return (
    (filters.ageMin !== null || filters.ageMax !== null ? 1 : 0) +
    (filters.source ? 1 : 0) +
    (filters.provider ? 1 : 0)
  );
}

/** `GET /api/statistics`' query string (empty filters left out; the period always there). */
export function statisticsQuery(filters: StatisticsFilters): string {
  const query = new URLSearchParams();
  query.set('periode', filters.period);
  if (filters.programme) query.set('programme', filters.programme);
  if (filters.ageMin !== null) query.set('ageMin', String(filters.ageMin));
  if (filters.ageMax !== null) query.set('ageMax', String(filters.ageMax));
  if (filters.source) query.set('source', filters.source);
  if (filters.provider) query.set('operateur', filters.provider);
  return query.toString();
}
