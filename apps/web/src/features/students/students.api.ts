import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcademicYear,
  ExportFormat,
  NewStudentEnrolment,
  Programme,
  RemovalOutcome,
  StudentItem,
  StudentRequest,
  StudentSummary,
} from '@ecolage/contracts';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import type { StudentFilters, StudentListParams } from './student-params';

/**
 * Server calls of « Étudiants »: the list (search, filters and pages on the server), the four
 * counters, create / edit / delete, the export, and the programmes and school years the filters
 * and the form choose from. Every change refreshes everything under `studentKeys.all`.
 */

export interface StudentPage {
  items: StudentItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const studentKeys = {
  all: ['students'] as const,
  lists: () => [...studentKeys.all, 'list'] as const,
  list: (params: StudentListParams) => [...studentKeys.lists(), params] as const,
  summary: () => [...studentKeys.all, 'summary'] as const,
  detail: (studentId: string) => [...studentKeys.all, 'detail', studentId] as const,
  /** Kept under `students` (not `programmes`): the answer is stored in its own shape here. */
  programmes: () => [...studentKeys.all, 'programmes'] as const,
  years: () => [...studentKeys.all, 'academic-years'] as const,
  mutation: (name: string) => [...studentKeys.all, 'mutation', name] as const,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The API's query string of the filters (empty ones left out), plus `extra`. */
export function studentQuery(
  filters: Partial<StudentFilters>,
  extra: Record<string, string | number> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  if (filters.search) query.set('search', filters.search);
  if (filters.status) query.set('status', filters.status);
  if (filters.programmeId) query.set('programmeId', filters.programmeId);
  if (filters.levelId) query.set('levelId', filters.levelId);
  if (filters.yearId) query.set('yearId', filters.yearId);
  if (filters.balance) query.set('balance', filters.balance);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** `/api/students?search=…&page=2&pageSize=4`. */
export function studentListPath({ page, pageSize, ...filters }: StudentListParams): string {
  return `/api/students${studentQuery(filters, { page, pageSize })}`;
}

export function useStudents(params: StudentListParams, enabled = true) {
  return useQuery({
    queryKey: studentKeys.list(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(studentListPath(params), { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items) || typeof answer.total !== 'number') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as StudentPage;
    },
    enabled,
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/students/summary`: Total, Actifs, Suspendus, En attente. */
export function useStudentSummary() {
  return useQuery({
    queryKey: studentKeys.summary(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/students/summary', { signal });
      if (!isRecord(answer) || typeof answer.total !== 'number') throw new UnexpectedAnswerError();
      return answer as unknown as StudentSummary;
    },
  });
}

/** Every programme, archived ones included (a filter may need them); the form keeps the others. */
export function useProgrammeOptions(enabled = true) {
  return useQuery({
    queryKey: studentKeys.programmes(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/programmes?includeArchived=true', { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items)) throw new UnexpectedAnswerError();
      return answer.items as Programme[];
    },
    enabled,
    staleTime: 60_000,
  });
}

export function useAcademicYears(enabled = true) {
  return useQuery({
    queryKey: studentKeys.years(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/academic-years', { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items)) throw new UnexpectedAnswerError();
      return answer.items as AcademicYear[];
    },
    enabled,
    staleTime: 60_000,
  });
}

function useStudentMutation<Input, Output>(name: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: studentKeys.mutation(name),
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}

export interface SaveStudentInput {
  /** The student to change (PATCH); absent for a new one (POST). */
  studentId?: string;
  /** A new student with a level: created and enrolled at once (`POST /api/enrolments`). */
  body: StudentRequest | NewStudentEnrolment;
}

/**
 * `POST /api/students`, `POST /api/enrolments` (a new student with a level: enrolled, invoices
 * issued) or `PATCH /api/students/:id`: the saved student (with its matricule).
 */
export function useSaveStudent() {
  return useStudentMutation('save', async ({ studentId, body }: SaveStudentInput) => {
    if (!studentId && 'levelId' in body) {
      const answer = await apiRequest('/api/enrolments', { method: 'POST', body });
      if (!isRecord(answer) || !isRecord(answer.student)) throw new UnexpectedAnswerError();
      return answer.student as unknown as StudentItem;
    }
    const answer = await apiRequest(
      studentId ? `/api/students/${encodeURIComponent(studentId)}` : '/api/students',
      { method: studentId ? 'PATCH' : 'POST', body },
    );
    if (!isRecord(answer) || typeof answer.id !== 'string') throw new UnexpectedAnswerError();
    return answer as unknown as StudentItem;
  });
}

/** `DELETE /api/students/:id`: erased, or archived when invoices refer to the student. */
export function useDeleteStudent() {
  return useStudentMutation('delete', async (studentId: string) => {
    const answer = await apiRequest(`/api/students/${encodeURIComponent(studentId)}`, {
      method: 'DELETE',
    });
    const outcome = isRecord(answer) ? answer.outcome : undefined;
    if (outcome !== 'deleted' && outcome !== 'archived') throw new UnexpectedAnswerError();
    return { outcome } satisfies RemovalOutcome;
  });
}

/** `etudiants-2026-11-21.csv`, when the server names no file. */
export function defaultExportName(format: ExportFormat, now = new Date()): string {
  return `etudiants-${now.toISOString().slice(0, 10)}.${format}`;
}

/** `GET /api/students/export?format=…` with the filters on screen, saved as a file. */
export function useExportStudents() {
  return useMutation({
    mutationKey: studentKeys.mutation('export'),
    mutationFn: async ({
      kind = 'students',
      format,
      filters,
    }: {
      kind?: 'students' | 'balances';
      format: ExportFormat;
      filters: StudentFilters;
    }) => {
      const url =
        kind === 'balances'
          ? `/api/invoices/balances/export?format=${format}`
          : `/api/students/export${studentQuery(filters, { format })}`;
      const file = await apiDownload(url);
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? defaultExportName(format));
    },
  });
}
