import { DEFAULT_BILLED_MONTHS } from '@ecolage/contracts';
import type { AcademicYear, BillingSettings, Level, Programme } from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import type { RouteRequest, Routes } from '../../test/api-routes';

/** Test data of « Programmes et cursus »: two years, three programmes, the billing rules. */

export const YEAR_PAST: AcademicYear = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c01',
  label: '2025-2026',
  startsOn: '2025-10-01',
  endsOn: '2026-07-31',
  current: false,
};

export const YEAR_CURRENT: AcademicYear = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
  label: '2026-2027',
  startsOn: '2026-10-01',
  endsOn: '2027-07-31',
  current: true,
};

export const COLLEGE_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d01';
export const LYCEE_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d02';
export const ARCHIVED_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d03';

export const SIXIEME: Level = {
  id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e01',
  programmeId: COLLEGE_ID,
  name: '6e',
  registrationFee: 25000,
  feeMode: 'monthly',
  monthlyFee: 30000,
  billedMonths: [...DEFAULT_BILLED_MONTHS],
  schedule: [],
  yearTotal: 325000,
  archived: false,
  inUse: true,
  enrolledCount: 12,
};

export const TROISIEME: Level = {
  id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e02',
  programmeId: COLLEGE_ID,
  name: '3e',
  registrationFee: 25000,
  feeMode: 'schedule',
  monthlyFee: 0,
  billedMonths: [],
  schedule: [
    { label: 'Tranche 1', amount: 100000, dueMonth: 10, dueDay: 15 },
    { label: 'Tranche 2', amount: 100000, dueMonth: 1, dueDay: 15 },
    { label: 'Tranche 3', amount: 80000, dueMonth: 4, dueDay: 15 },
  ],
  yearTotal: 305000,
  archived: false,
  inUse: false,
  enrolledCount: 0,
};

export const COLLEGE: Programme = {
  id: COLLEGE_ID,
  name: 'Collège',
  archived: false,
  inUse: true,
  levels: [SIXIEME, TROISIEME],
};

export const LYCEE: Programme = {
  id: LYCEE_ID,
  name: 'Lycée',
  archived: false,
  inUse: false,
  levels: [],
};

export const ARCHIVED: Programme = {
  id: ARCHIVED_ID,
  name: 'Cours du soir',
  archived: true,
  inUse: true,
  levels: [],
};

export const BILLING: BillingSettings = {
  matriculePrefix: 'STU',
  monthlyDueDay: 5,
  siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
  lateFee: { enabled: false, graceDays: 15, kind: 'fixed', value: 2000, cap: 10000 },
  onlinePayment: { partialAllowed: false, minimumAmount: 0 },
};

/** `GET /api/programmes`: the archived programmes only with `includeArchived=true`. */
export function listProgrammes(programmes: Programme[]) {
  return ({ url }: RouteRequest) => ({
    items: programmes.filter(
      (programme) => !programme.archived || url.searchParams.get('includeArchived') === 'true',
    ),
  });
}

/** The routes of the screen with the usual data; `extra` adds or replaces some. */
export function programmesRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/academic-years': () => ({ items: [YEAR_PAST, YEAR_CURRENT] }),
    'GET /api/programmes': listProgrammes([COLLEGE, LYCEE, ARCHIVED]),
    'GET /api/billing/settings': () => BILLING,
    ...extra,
  };
}

/**
 * `150 000 FCFA` as the screen writes it, with plain spaces: Testing Library reads the narrow
 * no-break spaces of `formatFrancs` as spaces.
 */
export const francs = (amount: number) => formatFrancs(amount).replace(/\s/g, ' ');

/** Opens the screen and waits for the programmes. */
export async function openProgrammes() {
  const view = await renderApp('/admin/programmes');
  await screen.findByRole('heading', { level: 3, name: 'Collège' });
  return view;
}
