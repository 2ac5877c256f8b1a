import { foldForSearch } from '../../platform/search-text';

/** The term as each group reads it. */
export interface TopBarTerm {
  /** Students and guardians: folded as their stored search keys (`foldForSearch`). */
  key: { folded: string; words: string[]; digits: string | null };
  /**
   * Invoice and receipt numbers (`ST-2026-0001`, `REC-2026-000123`): upper case, the spaces typed
   * around or instead of a dash made one dash. Null when the term has no digit and does not
   * start like a number (`REC-`): a name.
   */
  number: string | null;
  /** Payments: the start of the id (8 hex digits at least) and of a provider's reference. */
  payment: { idPrefix: string | null; refPrefix: string } | null;
}

/**
 * Reads a trimmed term (2–100 characters) for every group. A phone number is recognised when the
 * term is mostly digits (`+228 90 12 34 56`, `90 12 34 56`): its digits, without a leading `00`.
 */
export function readTopBarTerm(q: string): TopBarTerm {
  const folded = foldForSearch(q);
  const allDigits = q.replace(/\D/g, '');
  const isPhone = allDigits.length >= 4 && /^[+\d\s().-]+$/.test(q) && /\d[\s.-]*\d/.test(q);
  const digits = isPhone ? allDigits.replace(/^00/, '') : null;
  // A number or a reference has digits, or starts like one (`REC-`, `ST-`).
  const hasDigit = allDigits.length > 0 || /^[a-z]{2,4}-/i.test(q);
  const compact = q.replace(/\s+/g, '');
  const hex = compact.replace(/-/g, '');
  return {
    key: { folded, words: folded.split(' ').filter((word) => word.length > 0), digits },
    number: hasDigit ? q.toUpperCase().replace(/\s*-\s*|\s+/g, '-') : null,
    payment: hasDigit
      ? { idPrefix: /^[0-9a-f]{8,32}$/i.test(hex) ? hex : null, refPrefix: compact }
      : null,
  };
}
