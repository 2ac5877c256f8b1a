import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Theme } from '@ecolage/contracts';
import { apiRequest } from '../../features/auth/auth-client';
import { DEFAULT_BRAND_COLOR, normaliseHex } from './colour';

/**
 * The school's look in the back office, for every member: `GET /api/school/branding` (its name,
 * main colour, default theme and logo, and the member's own theme if they chose one), and
 * `PUT /api/profile/theme` (the member's choice: light, dark, or null for the school's).
 */

export type { Theme };

export interface SchoolBranding {
  name: string | null;
  brandColor: string;
  defaultTheme: Theme;
  logoUrl: string | null;
  memberTheme: Theme | null;
}

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/**
 * The answer (contracts' `schoolBrandingSchema`) read leniently: the shell must draw even from an
 * answer it cannot parse, so what is missing or unreadable takes the product's defaults.
 */
export function readBranding(answer: unknown): SchoolBranding {
  const record =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const { name, brandColor, defaultTheme, logoUrl, memberTheme } = record;
  return {
    name: typeof name === 'string' ? name : null,
    brandColor:
      (typeof brandColor === 'string' ? normaliseHex(brandColor) : null) ?? DEFAULT_BRAND_COLOR,
    // The spec's initial theme is dark (§9).
    defaultTheme: isTheme(defaultTheme) ? defaultTheme : 'dark',
    logoUrl: typeof logoUrl === 'string' && logoUrl !== '' ? logoUrl : null,
    memberTheme: isTheme(memberTheme) ? memberTheme : null,
  };
}

export const brandingKeys = {
  all: ['school-branding'] as const,
  /** Per school: a switch of school shows the other school's look. */
  school: (organizationId: string) => [...brandingKeys.all, organizationId] as const,
};

/**
 * The branding of the member's current school (kept for the session: it rarely changes). Not
 * asked while the session's token has expired: the guard is renewing it (or ending it).
 */
export function useSchoolBranding(organizationId: string, ready = true) {
  return useQuery({
    queryKey: brandingKeys.school(organizationId),
    queryFn: async ({ signal }) =>
      readBranding(await apiRequest('/api/school/branding', { signal })),
    staleTime: 5 * 60_000,
    retry: false,
    enabled: organizationId !== '' && ready,
  });
}

/** The theme drawn: the member's own choice, else the school's default. */
export function effectiveTheme(branding: SchoolBranding | undefined): Theme {
  if (!branding) return 'dark';
  return branding.memberTheme ?? branding.defaultTheme;
}

/** `PUT /api/profile/theme {theme}`: the member's own theme (null: the school's). */
export function useSetMemberTheme(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (theme: Theme | null) => {
      await apiRequest('/api/profile/theme', { method: 'PUT', body: { theme } });
      return theme;
    },
    onSuccess: (theme) => {
      // Every school of the member: the choice is the member's, not one school's.
      queryClient.setQueriesData<SchoolBranding>({ queryKey: brandingKeys.all }, (current) =>
        current ? { ...current, memberTheme: theme } : current,
      );
      void queryClient.invalidateQueries({ queryKey: brandingKeys.school(organizationId) });
    },
  });
}

/** After « Apparence » is saved, the shell takes the new look at once. */
export function useRefreshBranding() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: brandingKeys.all });
}
