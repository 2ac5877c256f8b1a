import type {
  AcademicYear,
  InvoiceDetail,
  InvoiceItem,
  Programme,
  Scholarship,
  StudentDetail,
} from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';
import { jsonResponse } from '../../test/fetch-mock';
import type { RouteRequest, Routes } from '../../test/api-routes';

/** Test data of a student's page (tests only). */

export const STUDENT_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a01';
export const SIBLING_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a02';
export const MOTHER_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c01';
export const FATHER_ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c02';
export const CURRENT_YEAR_ID = '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d01';
export const NEXT_YEAR_ID = '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d02';
export const PROGRAMME_ID = '8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e01';
export const LEVEL_6E_ID = '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f01';
export const LEVEL_5E_ID = '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f02';
export const LEVEL_OLD_ID = '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f03';
export const INVOICE_OPEN_ID = 'a0e1f2a3-4b5c-4d6e-8f7a-8b9c0d1e2f01';
export const INVOICE_DRAFT_ID = 'a0e1f2a3-4b5c-4d6e-8f7a-8b9c0d1e2f02';
export const SCHOLARSHIP_ID = 'b1f2a3b4-5c6d-4e7f-8a8b-9c0d1e2f3a01';
const ENROLMENT_ID = 'c2a3b4c5-6d7e-4f8a-9b9c-0d1e2f3a4b01';

/** « 150 000 FCFA » as the page writes it (narrow no-break spaces). */
export const fcfa = (amount: number) =>
  amount < 0 ? `\u2212${formatFrancs(-amount)}` : formatFrancs(amount);

/** The same, as testing-library reads text (every space-like character a plain space). */
export const fcfaText = (amount: number) => fcfa(amount).replace(/\s/g, ' ');

export const STUDENT: StudentDetail = {
  id: STUDENT_ID,
  matricule: 'STU-0001',
  fullName: 'Kofi Mensah',
  phone: '+22890123456',
  email: 'kofi@exemple.tg',
  birthDate: '2014-05-12',
  status: 'active',
  archived: false,
  programme: { id: PROGRAMME_ID, name: 'Collège' },
  level: { id: LEVEL_6E_ID, name: '6e' },
  balance: 120_000,
  overdue: 45_000,
  createdAt: '2026-09-01T08:00:00.000Z',
  statusHistory: [
    {
      from: null,
      to: 'pending',
      reason: null,
      changedBy: 'Ama Mensah',
      changedAt: '2026-09-01T08:00:00.000Z',
    },
    {
      from: 'pending',
      to: 'active',
      reason: 'Dossier complet',
      changedBy: 'Ama Mensah',
      changedAt: '2026-09-03T10:30:00.000Z',
    },
  ],
  guardians: [
    {
      id: MOTHER_ID,
      fullName: 'Afi Mensah',
      phone: '+22891234567',
      email: 'afi@exemple.tg',
      relation: 'mother',
      mainPayer: true,
      otherStudents: [{ id: SIBLING_ID, fullName: 'Ama Mensah Jr', matricule: 'STU-0002' }],
    },
    {
      id: FATHER_ID,
      fullName: 'Yao Mensah',
      phone: '+22899887766',
      email: null,
      relation: 'father',
      mainPayer: false,
      otherStudents: [],
    },
  ],
  enrolments: [
    {
      id: ENROLMENT_ID,
      academicYear: { id: CURRENT_YEAR_ID, label: '2026-2027' },
      programme: { id: PROGRAMME_ID, name: 'Collège' },
      level: { id: LEVEL_6E_ID, name: '6e' },
      status: 'active',
      enrolledAt: '2026-09-03T10:30:00.000Z',
      withdrawnAt: null,
      withdrawalReason: null,
    },
  ],
  balances: { billed: 150_000, paid: 30_000, due: 120_000, overdue: 45_000 },
};

const student = { id: STUDENT_ID, fullName: STUDENT.fullName, matricule: STUDENT.matricule };

export const OPEN_INVOICE: InvoiceDetail = {
  id: INVOICE_OPEN_ID,
  number: 'ST-2026-0001',
  student,
  label: 'Scolarité octobre',
  dueOn: '2026-10-05',
  status: 'open',
  total: 45_000,
  paid: 0,
  balance: 45_000,
  overdue: true,
  issuedAt: '2026-09-03T10:30:00.000Z',
  academicYear: { id: CURRENT_YEAR_ID, label: '2026-2027' },
  lines: [
    {
      id: 'd3b4c5d6-7e8f-4a9b-8c0d-1e2f3a4b5c01',
      kind: 'tuition',
      label: 'Mensualité octobre',
      amount: 50_000,
      createdAt: '2026-09-03T10:30:00.000Z',
      waived: false,
      reason: null,
    },
    {
      id: 'd3b4c5d6-7e8f-4a9b-8c0d-1e2f3a4b5c02',
      kind: 'scholarship',
      label: "Bourse d'excellence",
      amount: -15_000,
      createdAt: '2026-09-03T10:30:00.000Z',
      waived: false,
      reason: null,
    },
    {
      id: 'd3b4c5d6-7e8f-4a9b-8c0d-1e2f3a4b5c03',
      kind: 'late_fee',
      label: 'Pénalité de retard octobre',
      amount: 10_000,
      createdAt: '2026-10-20T00:00:00.000Z',
      waived: false,
      reason: null,
    },
  ],
  voidedAt: null,
  voidReason: null,
};

export const DRAFT_INVOICE: InvoiceDetail = {
  ...OPEN_INVOICE,
  id: INVOICE_DRAFT_ID,
  number: null,
  label: 'Sortie pédagogique',
  dueOn: '2026-12-15',
  status: 'draft',
  total: 105_000,
  balance: 105_000,
  overdue: false,
  issuedAt: null,
  lines: [
    {
      id: 'd3b4c5d6-7e8f-4a9b-8c0d-1e2f3a4b5c09',
      kind: 'fee',
      label: 'Transport',
      amount: 105_000,
      createdAt: '2026-11-01T09:00:00.000Z',
      waived: false,
      reason: null,
    },
  ],
};

export function itemOf(invoice: InvoiceDetail): InvoiceItem {
  const { academicYear: _year, lines: _lines, voidedAt: _at, voidReason: _why, ...item } = invoice;
  return item;
}

export const SCHOLARSHIP: Scholarship = {
  id: SCHOLARSHIP_ID,
  student,
  programme: 'Collège',
  academicYear: { id: CURRENT_YEAR_ID, label: '2026-2027' },
  name: "Bourse d'excellence",
  kind: 'percent',
  value: 30,
  amountApplied: 15_000,
  reason: 'Premier de sa classe',
  status: 'recommended',
  recommendedBy: 'Kossi Lawson',
  recommendedByUserId: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a05',
  decidedBy: null,
  decidedAt: null,
  refusalReason: null,
  invoices: [],
  createdAt: '2026-09-10T09:00:00.000Z',
};

export const YEARS: AcademicYear[] = [
  {
    id: CURRENT_YEAR_ID,
    label: '2026-2027',
    startsOn: '2026-09-01',
    endsOn: '2027-07-31',
    current: true,
  },
  {
    id: NEXT_YEAR_ID,
    label: '2027-2028',
    startsOn: '2027-09-01',
    endsOn: '2028-07-31',
    current: false,
  },
];

const level = (id: string, name: string, yearTotal: number, archived = false) => ({
  id,
  programmeId: PROGRAMME_ID,
  name,
  registrationFee: 25_000,
  feeMode: 'monthly' as const,
  monthlyFee: 42_500,
  billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
  schedule: [],
  yearTotal,
  archived,
  inUse: true,
  enrolledCount: 12,
});

export const PROGRAMMES: Programme[] = [
  {
    id: PROGRAMME_ID,
    name: 'Collège',
    archived: false,
    inUse: true,
    levels: [
      level(LEVEL_6E_ID, '6e', 450_000),
      level(LEVEL_5E_ID, '5e', 475_000),
      level(LEVEL_OLD_ID, 'Ancienne 4e', 300_000, true),
    ],
  },
];

/** One page of `items`, as the server cuts it (`?page=&pageSize=`). */
export function page<Item>(items: Item[], request: RouteRequest) {
  const number = Number(request.url.searchParams.get('page') ?? 1);
  const size = Number(request.url.searchParams.get('pageSize') ?? 10);
  return {
    items: items.slice((number - 1) * size, number * size),
    total: items.length,
    page: number,
    pageSize: size,
  };
}

/** The routes of the page with the usual data; `extra` adds or replaces some. */
export function studentRoutes(extra: Routes = {}): Routes {
  return {
    [`GET /api/students/${STUDENT_ID}`]: () => STUDENT,
    'GET /api/invoices': (request) => page([itemOf(OPEN_INVOICE), itemOf(DRAFT_INVOICE)], request),
    [`GET /api/invoices/${INVOICE_OPEN_ID}`]: () => OPEN_INVOICE,
    [`GET /api/invoices/${INVOICE_DRAFT_ID}`]: () => DRAFT_INVOICE,
    'GET /api/scholarships': (request) => page([SCHOLARSHIP], request),
    'GET /api/academic-years': () => ({ items: YEARS }),
    'GET /api/programmes': () => ({ items: PROGRAMMES }),
    [`GET /api/students/${STUDENT_ID}/payments`]: (request) => page([], request),
    ...extra,
  };
}

export const STUDENT_URL = `/admin/etudiants/${STUDENT_ID}`;

export const noContent = () => new Response(null, { status: 204 });

export const created = (body: unknown) => () => jsonResponse(201, body);
