import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { brandVariables, DEFAULT_BRAND_COLOR } from './colour';
import { effectiveTheme, useSchoolBranding } from './branding.api';
import type { SchoolBranding, Theme } from './branding.api';
import type { Session } from '../../features/auth/session-store';

/** The last theme drawn, so that the next visit starts in it instead of flashing. */
const THEME_STORAGE_KEY = 'ecolage.admin-theme';

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export interface AdminTheme {
  theme: Theme;
  /** The brand scale of the school's colour (CSS variables), for the admin area's root. */
  style: CSSProperties;
  branding: SchoolBranding | undefined;
}

/**
 * The admin area's look: the school's colour as the `brand-*` scale and its theme (the member's
 * own choice, else the school's default — dark unless the school chose light). Applied on the
 * area's root element only: the public site and the payer pages keep the product's light look.
 */
export function useAdminTheme(session: Session | null): AdminTheme {
  // A session already expired when the area opened is being renewed by the guard.
  const [openedAt] = useState(Date.now);
  const expired = session?.expiresAt !== undefined && session.expiresAt <= openedAt;
  const query = useSchoolBranding(session?.organization.id ?? '', !expired);
  const branding = query.data;
  const theme: Theme = branding ? effectiveTheme(branding) : (storedTheme() ?? 'dark');
  const colour = branding?.brandColor ?? DEFAULT_BRAND_COLOR;

  useEffect(() => {
    if (!branding) return;
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Private browsing: the theme is simply not remembered.
    }
  }, [branding, theme]);

  const style = useMemo(
    () => ({ ...brandVariables(colour, theme), colorScheme: theme }) as CSSProperties,
    [colour, theme],
  );
  return { theme, style, branding };
}
