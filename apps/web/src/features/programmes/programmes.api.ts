import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcademicYear,
  BillingSettings,
  CreateAcademicYearRequest,
  Level,
  LevelRequest,
  Programme,
  RemovalOutcome,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Programmes et cursus »: academic years, programmes and their levels (fee
 * grids), and the school's billing rules. Other screens (students, enrolment, invoices) reuse
 * `useProgrammes` and `useAcademicYears`; every change here refreshes them.
 */

export const programmeKeys = {
  all: ['programmes'] as const,
  list: (includeArchived: boolean) => [...programmeKeys.all, 'list', { includeArchived }] as const,
  mutation: (name: string) => [...programmeKeys.all, 'mutation', name] as const,
};

export const academicYearKeys = {
  all: ['academic-years'] as const,
  mutation: (name: string) => [...academicYearKeys.all, 'mutation', name] as const,
};

export const billingSettingsKeys = {
  all: ['billing-settings'] as const,
};

function itemsOf<Item>(answer: unknown): Item[] {
  if (
    typeof answer !== 'object' ||
    answer === null ||
    !Array.isArray((answer as { items?: unknown }).items)
  ) {
    throw new UnexpectedAnswerError();
  }
  return (answer as { items: Item[] }).items;
}

/** A DELETE's `{outcome}`; an empty answer (204) means the record is gone. */
async function removal(path: string): Promise<RemovalOutcome> {
  const answer = (await apiRequest(path, { method: 'DELETE' })) as
    Partial<RemovalOutcome> | undefined;
  return { outcome: answer?.outcome === 'archived' ? 'archived' : 'deleted' };
}

const programmePath = (programmeId: string) => `/api/programmes/${encodeURIComponent(programmeId)}`;
const levelPath = (levelId: string) => `/api/levels/${encodeURIComponent(levelId)}`;
const yearPath = (yearId: string) => `/api/academic-years/${encodeURIComponent(yearId)}`;

/** `GET /api/academic-years`: the school's years (`current` marks the one enrolments go to). */
export function useAcademicYears() {
  return useQuery({
    queryKey: academicYearKeys.all,
    queryFn: async ({ signal }) =>
      itemsOf<AcademicYear>(await apiRequest('/api/academic-years', { signal })),
  });
}

/** The current academic year, if the school has set one. */
export function currentYear(years: readonly AcademicYear[] | undefined): AcademicYear | undefined {
  return years?.find((year) => year.current);
}

/**
 * `GET /api/programmes?includeArchived=`: the programmes, each with its levels and their fees.
 * Archived programmes only when asked.
 */
export function useProgrammes({ includeArchived = false }: { includeArchived?: boolean } = {}) {
  return useQuery({
    queryKey: programmeKeys.list(includeArchived),
    queryFn: async ({ signal }) =>
      itemsOf<Programme>(
        await apiRequest(`/api/programmes?includeArchived=${String(includeArchived)}`, { signal }),
      ),
    // Showing or hiding the archived ones keeps the list on screen while the other one loads.
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/billing/settings` (read:settings): only asked for when `enabled`. */
export function useBillingSettings(enabled = true) {
  return useQuery({
    queryKey: billingSettingsKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/billing/settings', { signal })) as BillingSettings,
    enabled,
  });
}

/** A change whose success refreshes `keys` (programmes, years…). */
function useChange<Input, Output>(
  key: readonly unknown[],
  refresh: readonly (readonly unknown[])[],
  call: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: key,
    mutationFn: call,
    onSuccess: () =>
      Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useCreateAcademicYear() {
  return useChange(
    academicYearKeys.mutation('create'),
    [academicYearKeys.all],
    (input: CreateAcademicYearRequest) =>
      apiRequest('/api/academic-years', { method: 'POST', body: input }) as Promise<AcademicYear>,
  );
}

/** `PATCH /api/academic-years/:yearId {current: true}`: the previous current year stops being it. */
export function useSetCurrentYear() {
  return useChange(
    academicYearKeys.mutation('set-current'),
    [academicYearKeys.all],
    (yearId: string) =>
      apiRequest(yearPath(yearId), {
        method: 'PATCH',
        body: { current: true },
      }) as Promise<AcademicYear>,
  );
}

export function useCreateProgramme() {
  return useChange(
    programmeKeys.mutation('create'),
    [programmeKeys.all],
    (input: { name: string }) =>
      apiRequest('/api/programmes', { method: 'POST', body: input }) as Promise<Programme>,
  );
}

/** `PATCH /api/programmes/:id`: a new name, or `archived: false` to bring it back. */
export function useUpdateProgramme() {
  return useChange(
    programmeKeys.mutation('update'),
    [programmeKeys.all],
    ({
      programmeId,
      change,
    }: {
      programmeId: string;
      change: { name?: string; archived?: false };
    }) =>
      apiRequest(programmePath(programmeId), {
        method: 'PATCH',
        body: change,
      }) as Promise<Programme>,
  );
}

/** `DELETE /api/programmes/:id`: deleted if never used, else archived (`outcome`). */
export function useRemoveProgramme() {
  return useChange(programmeKeys.mutation('remove'), [programmeKeys.all], (programmeId: string) =>
    removal(programmePath(programmeId)),
  );
}

export function useCreateLevel() {
  return useChange(
    programmeKeys.mutation('create-level'),
    [programmeKeys.all],
    ({ programmeId, level }: { programmeId: string; level: LevelRequest }) =>
      apiRequest(`${programmePath(programmeId)}/levels`, {
        method: 'POST',
        body: level,
      }) as Promise<Level>,
  );
}

/** `PATCH /api/levels/:id`: the whole fee grid again (full replacement), `archived: false` to restore. */
export function useUpdateLevel() {
  return useChange(
    programmeKeys.mutation('update-level'),
    [programmeKeys.all],
    ({ levelId, level }: { levelId: string; level: LevelRequest & { archived?: false } }) =>
      apiRequest(levelPath(levelId), { method: 'PATCH', body: level }) as Promise<Level>,
  );
}

export function useRemoveLevel() {
  return useChange(programmeKeys.mutation('remove-level'), [programmeKeys.all], (levelId: string) =>
    removal(levelPath(levelId)),
  );
}

/** `PUT /api/billing/settings` (manage:settings): the saved rules replace the cached ones. */
export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...billingSettingsKeys.all, 'save'],
    mutationFn: (settings: BillingSettings) =>
      apiRequest('/api/billing/settings', {
        method: 'PUT',
        body: settings,
      }) as Promise<BillingSettings>,
    onSuccess: (saved) => queryClient.setQueryData(billingSettingsKeys.all, saved),
  });
}
