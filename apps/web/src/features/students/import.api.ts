import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentImport } from '@ecolage/contracts';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { uploadFile } from './import-upload';

/**
 * Server calls of the student import (permission import:students): the template, the upload
 * (answered with a preview), the commit and the progress of a running import. An import lives
 * under `['students', 'imports', id]`, so that refreshing the students (`['students']`, once the
 * wizard is closed) reaches it too.
 */

export type { StudentImport };
export type ImportMode = NonNullable<StudentImport['mode']>;
export type TemplateFormat = 'csv' | 'xlsx';

/** The prefix of every students query (list, counters, pages of a student). */
export const STUDENTS_KEY = ['students'] as const;

export const importKeys = {
  all: [...STUDENTS_KEY, 'imports'] as const,
  detail: (importId: string) => [...importKeys.all, importId] as const,
  mutation: (name: string) => [...importKeys.all, 'mutation', name] as const,
};

/** How often a running import is asked for its progress. */
export const POLL_INTERVAL_MS = 500;

const STATUSES = new Set<string>(['previewed', 'running', 'done', 'failed']);

/** A StudentImport answer, checked for the fields the wizard relies on. */
export function readStudentImport(answer: unknown): StudentImport {
  if (typeof answer !== 'object' || answer === null) throw new UnexpectedAnswerError();
  const value = answer as Partial<StudentImport>;
  if (
    typeof value.id !== 'string' ||
    typeof value.status !== 'string' ||
    !STATUSES.has(value.status) ||
    typeof value.totalRows !== 'number' ||
    !Array.isArray(value.issues) ||
    !Array.isArray(value.preview)
  ) {
    throw new UnexpectedAnswerError();
  }
  return value as StudentImport;
}

const importPath = (importId: string) => `/api/students/imports/${encodeURIComponent(importId)}`;

/** `GET /api/students/import/template?format=…`: saved as a file. */
export function useDownloadTemplate() {
  return useMutation({
    mutationKey: importKeys.mutation('template'),
    mutationFn: async (format: TemplateFormat) => {
      const file = await apiDownload(`/api/students/import/template?format=${format}`);
      saveBlob(
        file.blob,
        filenameFromDisposition(file.disposition) ?? `modele-import-etudiants.${format}`,
      );
    },
  });
}

export interface UploadInput {
  file: File;
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** `POST /api/students/imports` (multipart, field `file`) → 201 the import, `previewed`. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: importKeys.mutation('upload'),
    mutationFn: async ({ file, onProgress, signal }: UploadInput) =>
      readStudentImport(
        await uploadFile('/api/students/imports', 'file', file, { onProgress, signal }),
      ),
    onSuccess: (created) => queryClient.setQueryData(importKeys.detail(created.id), created),
  });
}

/**
 * `GET /api/students/imports/:id`: the import as the wizard shows it, asked again every
 * 500 ms while it runs (in a hidden tab too, so that it is up to date when the reader returns).
 */
export function useStudentImport(importId: string | null) {
  return useQuery({
    queryKey: importKeys.detail(importId ?? ''),
    queryFn: async ({ signal }) => {
      if (!importId) throw new UnexpectedAnswerError();
      return readStudentImport(await apiRequest(importPath(importId), { signal }));
    },
    enabled: importId !== null,
    // The upload and the commit answer it; only a running import needs asking again.
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: true,
  });
}

/** `POST /api/students/imports/:id/commit {mode}` → 202 the import, `running`. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: importKeys.mutation('commit'),
    mutationFn: async ({ importId, mode }: { importId: string; mode: ImportMode }) =>
      readStudentImport(
        await apiRequest(`${importPath(importId)}/commit`, { method: 'POST', body: { mode } }),
      ),
    onSuccess: (started) => queryClient.setQueryData(importKeys.detail(started.id), started),
  });
}
