/**
 * The values a statement's cells hold, read the way each provider writes them: amounts with or
 * without thousands separators, dates as ISO instants or French days. Every reader answers a value
 * or a French reason (never throws): the parser turns the reason into a row-level error.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const fail = (reason: string): Read<never> => ({ ok: false, reason });
const ok = <T>(value: T): Read<T> => ({ ok: true, value });

/**
 * Whole francs: `15000`, `15 000`, `15 000` (narrow or plain no-break space), `15.000` when
 * `dotThousands`, `15 000,00` (zero decimals only: XOF has no minor unit), with `-` when signed.
 */
export function readFrancs(
  text: string | undefined,
  options: { signed?: boolean; dotThousands?: boolean; optional?: boolean } = {},
): Read<number> {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return options.optional ? ok(0) : fail('montant absent');
  let body = trimmed.replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (body.startsWith('-')) {
    if (!options.signed) return fail(`montant négatif « ${trimmed} »`);
    negative = true;
    body = body.slice(1);
  }
  if (options.dotThousands) body = body.replace(/\.(?=\d{3}(\D|$))/g, '');
  const decimals = /^(\d+)(?:[.,](\d+))?$/.exec(body);
  if (!decimals) return fail(`montant illisible « ${trimmed.slice(0, 30)} »`);
  if (decimals[2] && /[1-9]/.test(decimals[2])) {
    return fail(`montant avec centimes « ${trimmed} » (le franc CFA n’a pas de centimes)`);
  }
  const value = Number(decimals[1]);
  if (!Number.isSafeInteger(value) || value > 1_000_000_000_000) {
    return fail(`montant hors limites « ${trimmed.slice(0, 30)} »`);
  }
  return ok(negative ? -value : value);
}

const inRange = (date: Date) =>
  !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100;

/** `2026-03-05 14:22:10` or `2026-03-05T14:22:10Z` / with an offset (local times read as UTC). */
export function readIsoInstant(text: string | undefined): Read<Date> {
  const trimmed = (text ?? '').trim();
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      trimmed,
    );
  if (!match)
    return fail(`date illisible « ${trimmed.slice(0, 30)} » (AAAA-MM-JJ HH:MM:SS attendu)`);
  const [, y, mo, d, h, mi, s, zone] = match;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone ? normaliseZone(zone) : 'Z'}`;
  const date = new Date(iso);
  return inRange(date) ? ok(date) : fail(`date invalide « ${trimmed} »`);
}

function normaliseZone(zone: string): string {
  return zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
}

/** `05/03/2026` (+ optional `14:22` or `14:22:10`), read as UTC (Lomé's time). */
export function readFrenchDate(day: string | undefined, time?: string): Read<Date> {
  const text = (day ?? '').trim();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return fail(`date illisible « ${text.slice(0, 30)} » (JJ/MM/AAAA attendu)`);
  const [, d, mo, y] = match;
  let [h, mi, s] = [match[4] ?? '00', match[5] ?? '00', match[6] ?? '00'];
  if (time !== undefined) {
    const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
    if (!clock) return fail(`heure illisible « ${time.trim().slice(0, 20)} » (HH:MM:SS attendu)`);
    [h, mi, s] = [clock[1]!, clock[2]!, clock[3] ?? '00'];
  }
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  const sameDay = date.getUTCDate() === Number(d) && date.getUTCMonth() + 1 === Number(mo);
  return inRange(date) && sameDay ? ok(date) : fail(`date invalide « ${text} »`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payment attempt's id in our reference: the id itself, or Orange's order_id (the id in base 36
 * on 25 characters, psp/orange's `orangeOrderId`).
 */
export function attemptIdOf(reference: string | null | undefined): string | null {
  const text = reference?.trim();
  if (!text) return null;
  if (UUID.test(text)) return text.toLowerCase();
  if (/^[0-9a-z]{25}$/.test(text)) {
    let value = 0n;
    for (const char of text) value = value * 36n + BigInt(parseInt(char, 36));
    if (value >= 1n << 128n) return null;
    const hex = value.toString(16).padStart(32, '0');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return UUID.test(id) ? id : null;
  }
  return null;
}

/** The school's calendar day of an instant (UEMOA's west: Lomé, Dakar, Abidjan are UTC). */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
