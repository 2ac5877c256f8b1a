import type { AcademicYear, Programme, StudentItem } from '@ecolage/contracts';
import type { RouteRequest, Routes } from '../../test/api-routes';
import type { StudentPage } from './students.api';

/** Test data of « Étudiants »: two programmes, a school year, students of every status. */

export const LICENCE_ID = '1a2b3c4d-0000-4a00-8a00-000000000001';
export const L1_ID = '1a2b3c4d-0000-4a00-8a00-000000000011';
export const L2_ID = '1a2b3c4d-0000-4a00-8a00-000000000012';
export const BTS_ID = '1a2b3c4d-0000-4a00-8a00-000000000002';
export const YEAR_ID = '2b3c4d5e-0000-4b00-8b00-000000000001';

function level(id: string, programmeId: string, name: string) {
  return {
    id,
    programmeId,
    name,
    registrationFee: 25_000,
    feeMode: 'monthly' as const,
    monthlyFee: 15_000,
    billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
    schedule: [],
    yearTotal: 175_000,
    archived: false,
    inUse: true,
    enrolledCount: 3,
  };
}

export const PROGRAMMES: Programme[] = [
  {
    id: LICENCE_ID,
    name: 'Licence Informatique',
    archived: false,
    inUse: true,
    levels: [level(L1_ID, LICENCE_ID, 'L1'), level(L2_ID, LICENCE_ID, 'L2')],
  },
  { id: BTS_ID, name: 'BTS Comptabilité', archived: false, inUse: false, levels: [] },
];

export const YEARS: AcademicYear[] = [
  {
    id: YEAR_ID,
    label: '2026-2027',
    startsOn: '2026-09-01',
    endsOn: '2027-07-31',
    current: true,
  },
];

export function student(index: number, overrides: Partial<StudentItem> = {}): StudentItem {
  return {
    id: `3c4d5e6f-0000-4c00-8c00-${String(index).padStart(12, '0')}`,
    matricule: `STU-${String(index).padStart(3, '0')}`,
    fullName: `Étudiant ${index}`,
    phone: null,
    email: null,
    birthDate: null,
    status: 'active',
    archived: false,
    programme: null,
    level: null,
    balance: 0,
    overdue: 0,
    ...overrides,
  };
}

export const AFI = student(1, {
  fullName: 'Afi Kudjo',
  phone: '+22890123456',
  email: 'afi@exemple.tg',
  programme: { id: LICENCE_ID, name: 'Licence Informatique' },
  level: { id: L1_ID, name: 'L1' },
  balance: 150_000,
  overdue: 45_000,
});
export const KOSSI = student(2, {
  fullName: 'Kossi Ayité',
  status: 'suspended',
  programme: { id: BTS_ID, name: 'BTS Comptabilité' },
  balance: 30_000,
});
export const ESSI = student(3, { fullName: 'Essi Dogbé', status: 'pending' });

export const STUDENTS = [AFI, KOSSI, ESSI];

/** `GET /api/students` over `students`: search, status and pages as the server does them. */
export function listStudents(students: StudentItem[]) {
  return ({ url }: RouteRequest): StudentPage => {
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 4);
    const found = students.filter(
      (item) =>
        (!search ||
          item.fullName.toLowerCase().includes(search) ||
          item.matricule.toLowerCase().includes(search)) &&
        (!status || item.status === status),
    );
    return {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      total: found.length,
      page,
      pageSize,
    };
  };
}

/** The routes of the screen, with the usual data; `extra` adds or replaces some. */
export function studentsRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/students': listStudents(STUDENTS),
    'GET /api/students/summary': () => ({ total: 3, active: 1, suspended: 1, pending: 1 }),
    'GET /api/programmes': () => ({ items: PROGRAMMES }),
    'GET /api/academic-years': () => ({ items: YEARS }),
    ...extra,
  };
}
