import {
  paymentChannelValues,
  paymentSourceValues,
  type Statistics,
  type StatisticsOptions,
  type StatisticsQuery,
} from '@ecolage/contracts';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { findOrganizationsByIds } from '../../organizations';
import { findProgramme } from '../../programmes';
import {
  ageing,
  collectionByLevel,
  dueTotals,
  moneyCards,
  moneyTotals,
  monthlyRevenue,
  salesByChannel,
  topProgrammes,
  trafficCards,
} from './statistics-figures';
import { birthYearsFor, monthsOf, resolvePeriod, YEAR_TO_DATE_LABEL } from './statistics-period';
import {
  enrolmentsByProgramme,
  programmeAndLevelNames,
  programmesWithData,
  studentsWithoutBirthDate,
} from './statistics.reads';
import {
  ageingBuckets,
  dueCells,
  moneyCells,
  rollupYears,
  type RollupFilters,
} from './statistics.repository';
import { trafficTotals, trafficYears } from '../../public';

/** The school's calendar day at `now` (its own time zone). */
async function schoolToday(db: DbOrTx, organizationId: string, now: Date): Promise<string> {
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  return dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, now);
}

/**
 * « Statistiques » (`GET /api/statistics`), computed on the server from the rollups only
 * (`collection_facts`, `collection_months`, `receivable_days`), public's daily traffic totals and
 * two named reads (names; enrolled students):
 * - the period (statistics-period.ts): « Année à ce jour » = 1 January → today in the school's
 *   time zone against the same days a year before; a past year against the year before;
 * - filters: `programme` → the money's and the invoices' programme; `ageMin`/`ageMax` → birth
 *   years from (period's year − max) to (period's year − min), the previous period with its own
 *   year (the same ages a year before), students without a birth date left out and counted
 *   (`studentsWithoutBirthDate`, among the enrolled students of the other filters); `source` and
 *   `operateur` → how the money was received. They do not apply to what is due: the collection
 *   rate (paid / due), overdue and ageing ignore them (an invoice has no source);
 * - money: collected = Σ amount (refunds deducted); collection rate = Σ paid / Σ total of the
 *   invoices due in the period up to today; overdue = Σ open of those due before today; average
 *   days to pay = Σ amount × days late / Σ amount paid against a due date, one decimal;
 * - traffic: not filtered (visits have no programme nor age); null when the period had no visit;
 * - `hasData`: money received or invoices due in the period under the filters, or — without
 *   any filter — a visit; false → the screen's empty state, not zeros.
 * Unknown programme, or another school's: 404 « Programme introuvable. ». The reads are
 * independent and run at once on the pool.
 */
export async function getStatistics(
  db: DbOrTx,
  organizationId: string,
  query: StatisticsQuery,
  now: Date,
): Promise<Statistics> {
  const today = await schoolToday(db, organizationId, now);
  const period = resolvePeriod(query.periode, today);
  const filtersOf = (year: number): RollupFilters => ({
    programmeId: query.programme,
    birthYears: birthYearsFor(year, query),
    source: query.source,
    provider: query.operateur,
  });
  const current = filtersOf(period.year);
  const previous = filtersOf(period.year - 1);
  const [
    programme,
    moneyNow,
    moneyBefore,
    dueNow,
    dueBefore,
    openToday,
    trafficNow,
    trafficBefore,
    names,
    enrolled,
    withoutBirthDate,
  ] = await Promise.all([
    query.programme ? findProgramme(db, organizationId, query.programme) : null,
    moneyCells(db, organizationId, period.current, current),
    moneyCells(db, organizationId, period.previous, previous),
    dueCells(db, organizationId, period.current, today, current),
    dueCells(db, organizationId, period.previous, today, previous),
    ageingBuckets(db, organizationId, today, current),
    trafficTotals(db, organizationId, period.current.from, period.current.to),
    trafficTotals(db, organizationId, period.previous.from, period.previous.to),
    programmeAndLevelNames(db, organizationId),
    enrolmentsByProgramme(db, organizationId, period.current, {
      programmeId: query.programme,
      birthYears: current.birthYears ?? null,
    }),
    current.birthYears
      ? studentsWithoutBirthDate(db, organizationId, period.current, query.programme)
      : null,
  ]);
  if (query.programme && !programme) throw domainError('PROGRAMME_NOT_FOUND');

  const moneyNowTotals = moneyTotals(moneyNow);
  const dueNowTotals = dueTotals(dueNow);
  const filtered =
    query.programme !== undefined ||
    current.birthYears !== null ||
    query.source !== undefined ||
    query.operateur !== undefined;
  const hasData =
    moneyNowTotals.slices > 0 || dueNowTotals.invoices > 0 || (!filtered && trafficNow.visits > 0);
  return {
    period: {
      key: period.key,
      label: period.label,
      current: period.current,
      previous: period.previous,
    },
    hasData,
    traffic: trafficCards(trafficNow, trafficBefore),
    money: moneyCards(
      { current: moneyNowTotals, previous: moneyTotals(moneyBefore) },
      { current: dueNowTotals, previous: dueTotals(dueBefore) },
    ),
    monthlyRevenue: monthlyRevenue(monthsOf(period.current), moneyNow, moneyBefore),
    topProgrammes: topProgrammes(moneyNow, dueNow, names.programmes, enrolled),
    salesByChannel: salesByChannel(moneyNow),
    collectionByLevel: collectionByLevel(dueNow, names),
    ageing: ageing(openToday),
    studentsWithoutBirthDate: withoutBirthDate,
  };
}

/**
 * What the filters offer (`GET /api/statistics/options`): « Année à ce jour », then each past
 * calendar year the school received money, had invoices due or had visits in, newest first;
 * the school's programmes (archived ones only with data); every source and provider (the lists
 * are short and fixed: a provider the school has not used yet simply shows no money).
 */
export async function getStatisticsOptions(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<StatisticsOptions> {
  const [today, moneyYears, visitYears, programmes] = await Promise.all([
    schoolToday(db, organizationId, now),
    rollupYears(db, organizationId),
    trafficYears(db, organizationId),
    programmesWithData(db, organizationId),
  ]);
  const currentYear = Number(today.slice(0, 4));
  const years = [...new Set([...moneyYears, ...visitYears])]
    .filter((year) => year < currentYear)
    .sort((a, b) => b - a);
  return {
    periods: [
      { key: 'ytd', label: YEAR_TO_DATE_LABEL },
      ...years.map((year) => ({ key: String(year), label: String(year) })),
    ],
    programmes,
    sources: [...paymentSourceValues],
    providers: [...paymentChannelValues],
  };
}
