import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AcademicYear,
  GuardianItem,
  InvoiceDetail,
  InvoiceItem,
  Programme,
  Scholarship,
  StudentDetail,
} from '@ecolage/contracts';
import { errorStatus } from '../../lib/error-message';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server reads of a student's page: the record (guardians, enrolments, balances, status
 * history), its invoices and scholarships, and the choices of its dialogs (years, programmes,
 * guardians). The changes are in ./student-mutations.api.
 */

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EnrolResponse {
  enrolment: StudentDetail['enrolments'][number];
  created: boolean;
  invoicesIssued: number;
}

export const INVOICES_PAGE_SIZE = 10;

export const studentDetailKeys = {
  students: ['students'] as const,
  detail: (studentId: string) => ['students', 'detail', studentId] as const,
  invoices: ['invoices'] as const,
  invoiceList: (studentId: string, page: number) =>
    ['invoices', 'list', { studentId, page, pageSize: INVOICES_PAGE_SIZE }] as const,
  invoice: (invoiceId: string) => ['invoices', 'detail', invoiceId] as const,
  scholarships: ['scholarships'] as const,
  scholarshipList: (studentId: string) => ['scholarships', 'list', { studentId }] as const,
  academicYears: ['academic-years', 'options'] as const,
  programmes: ['programmes', 'options'] as const,
  guardianSearch: (search: string) => ['guardians', 'search', search] as const,
};

/** A path segment. */
export const id = (value: string) => encodeURIComponent(value);

function isObject(value: unknown, key: string): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && key in value;
}

/** The answer, once it has `key` (else UnexpectedAnswerError). */
export function expectShape<T>(answer: unknown, key: string): T {
  if (!isObject(answer, key)) throw new UnexpectedAnswerError();
  return answer as T;
}

/** A page of items (`{items, total, page, pageSize}`), else UnexpectedAnswerError. */
export function expectPage<Item>(answer: unknown): Page<Item> {
  const page = expectShape<Page<Item>>(answer, 'items');
  if (!Array.isArray(page.items)) throw new UnexpectedAnswerError();
  return page;
}

/** The items of a `{items}` answer (years, programmes). */
function expectItems<Item>(answer: unknown): Item[] {
  const { items } = expectShape<{ items: unknown }>(answer, 'items');
  if (!Array.isArray(items)) throw new UnexpectedAnswerError();
  return items as Item[];
}

/**
 * Not found (another school's record, a bad link), forbidden and a bad request are not worth a
 * retry.
 */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = errorStatus(error);
  return failures < 1 && status !== 404 && status !== 403 && status !== 400;
}

/** `GET /api/students/:studentId`. */
export function useStudentDetail(studentId: string, enabled = true) {
  return useQuery({
    queryKey: studentDetailKeys.detail(studentId),
    queryFn: async ({ signal }) =>
      expectShape<StudentDetail>(
        await apiRequest(`/api/students/${id(studentId)}`, { signal }),
        'guardians',
      ),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/invoices?studentId=&page=&pageSize=`. */
export function useStudentInvoices(studentId: string, page: number, enabled = true) {
  return useQuery({
    queryKey: studentDetailKeys.invoiceList(studentId, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        studentId,
        page: String(page),
        pageSize: String(INVOICES_PAGE_SIZE),
      });
      return expectPage<InvoiceItem>(await apiRequest(`/api/invoices?${query}`, { signal }));
    },
    enabled,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/invoices/:invoiceId` (null: nothing asked). */
export function useInvoiceDetail(invoiceId: string | null) {
  return useQuery({
    queryKey: studentDetailKeys.invoice(invoiceId ?? ''),
    queryFn: async ({ signal }) =>
      expectShape<InvoiceDetail>(
        await apiRequest(`/api/invoices/${id(invoiceId ?? '')}`, { signal }),
        'lines',
      ),
    enabled: invoiceId !== null,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/scholarships?studentId=` (a student has a few: one page of 100). */
export function useStudentScholarships(studentId: string, enabled = true) {
  return useQuery({
    queryKey: studentDetailKeys.scholarshipList(studentId),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ studentId, page: '1', pageSize: '100' });
      return expectPage<Scholarship>(await apiRequest(`/api/scholarships?${query}`, { signal }));
    },
    enabled,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/academic-years`, for the year choices of the dialogs. */
export function useAcademicYears(enabled = true) {
  return useQuery({
    queryKey: studentDetailKeys.academicYears,
    queryFn: async ({ signal }) =>
      expectItems<AcademicYear>(await apiRequest('/api/academic-years', { signal })),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/programmes?includeArchived=false`: programmes and levels one may enrol in. */
export function useProgrammeOptions(enabled = true) {
  return useQuery({
    queryKey: studentDetailKeys.programmes,
    queryFn: async ({ signal }) =>
      expectItems<Programme>(await apiRequest('/api/programmes?includeArchived=false', { signal })),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/guardians?search=`: asked from 2 characters on. */
export function useGuardianSearch(search: string) {
  return useQuery({
    queryKey: studentDetailKeys.guardianSearch(search),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ search, page: '1', pageSize: '10' });
      return expectPage<GuardianItem>(await apiRequest(`/api/guardians?${query}`, { signal }));
    },
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
