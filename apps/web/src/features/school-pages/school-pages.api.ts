import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { schoolPagesSchema } from '@ecolage/contracts';
import type { SchoolPageKind, SchoolPages, UpdateSchoolPages } from '@ecolage/contracts';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Pages » (`/api/settings/pages`): the school's public pages, their settings
 * and the QR codes of the pay page and the pre-registration form.
 */

export const schoolPagesKeys = {
  all: ['school-pages'] as const,
  pages: () => [...schoolPagesKeys.all, 'settings'] as const,
  qr: (page: SchoolPageKind, slug: string) => [...schoolPagesKeys.all, 'qr', page, slug] as const,
};

function readPages(answer: unknown): SchoolPages {
  const parsed = schoolPagesSchema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError();
  return parsed.data;
}

export function useSchoolPages() {
  return useQuery({
    queryKey: schoolPagesKeys.pages(),
    queryFn: async ({ signal }) => readPages(await apiRequest('/api/settings/pages', { signal })),
  });
}

/** `PUT /api/settings/pages`: answers the saved settings, which the screen shows at once. */
export function useSaveSchoolPages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSchoolPages) =>
      readPages(await apiRequest('/api/settings/pages', { method: 'PUT', body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolPagesKeys.pages(), saved);
      void queryClient.invalidateQueries({ queryKey: [...schoolPagesKeys.all, 'qr'] });
    },
  });
}

export function qrAddress(page: SchoolPageKind, format: 'svg' | 'png'): string {
  return `/api/settings/pages/${page}/qr.${format}`;
}

/**
 * The QR code of a page as a `data:` URL to show in an `<img>` (the call needs the bearer token,
 * so it cannot be the image's own address). Follows the saved address (`slug` in the key).
 */
export function useQrPreview(page: SchoolPageKind, slug: string) {
  return useQuery({
    queryKey: schoolPagesKeys.qr(page, slug),
    queryFn: async ({ signal }) => {
      const { blob } = await apiDownload(qrAddress(page, 'svg'), { signal });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await blob.text())}`;
    },
    staleTime: Infinity,
  });
}
