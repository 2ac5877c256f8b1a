import { defineError } from './define';

/** Journal exports, period closure and the account mapping (module `accounting`, `ledger`). */
export const journalErrors = {
  /** 409 — a posting dated in a period the school has closed (an explicit posting; automatic ones move). */
  LEDGER_PERIOD_CLOSED: defineError<{ closedThrough?: string }>(
    409,
    ({ closedThrough }) =>
      `La période comptable est close${closedThrough ? ` jusqu’au ${frenchDay(closedThrough)}` : ''} : passez l’écriture à une date de la période ouverte.`,
  ),
  /** 422 — an export of a period without any entry. */
  JOURNAL_EMPTY_PERIOD: defineError<{ from?: string; to?: string }>(422, ({ from, to }) =>
    from && to
      ? `Aucune écriture du ${frenchDay(from)} au ${frenchDay(to)} : rien à exporter.`
      : 'Aucune écriture sur cette période : rien à exporter.',
  ),
  /** 400 — an export or a closure past the allowed days (far in the future). */
  JOURNAL_PERIOD_INVALID: defineError<{ latest?: string }>(
    400,
    ({ latest }) =>
      `Période invalide : la date de fin ne peut pas dépasser le ${latest ? frenchDay(latest) : 'jour permis'}.`,
  ),
  /** 409 — closing through a day not after the current closure (never backwards). */
  PERIOD_ALREADY_CLOSED: defineError<{ closedThrough?: string }>(
    409,
    ({ closedThrough }) =>
      `La période est déjà close${closedThrough ? ` jusqu’au ${frenchDay(closedThrough)}` : ''} : choisissez une date postérieure.`,
  ),
  /** 409 — closing a period no export covers, or with entries posted since its export. */
  PERIOD_NOT_EXPORTED: defineError(
    409,
    'Exportez d’abord le journal de toute la période à clore (des écritures ont pu être passées depuis le dernier export).',
  ),
  /** 422 — closing through today or later: only past days can be closed. */
  PERIOD_CLOSE_TOO_LATE: defineError(
    422,
    'Seuls les jours passés peuvent être clos : choisissez une date antérieure à aujourd’hui.',
  ),
  /** 422 — a mapping line whose target is no account (nor sub-account) of the base chart. */
  ACCOUNT_UNKNOWN: defineError<{ line?: string; account?: string }>(422, ({ line, account }) =>
    `Le compte ${account ?? ''} n’existe pas dans le plan comptable choisi${line ? ` (ligne ${line})` : ''} : indiquez un compte du plan ou un sous-compte (4 à 8 chiffres).`.replace(
      'compte  n’',
      'compte n’',
    ),
  ),
};

/** `2026-09-30` → `30/09/2026` (left as is when it is not a day). */
function frenchDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
