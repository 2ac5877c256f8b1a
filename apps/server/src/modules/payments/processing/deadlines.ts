import type { ProviderId } from '../../psp';

/**
 * How long a payer has to approve before we stop waiting (research/psp-apis.md §7.3): MTN's PIN
 * window plus a margin, Orange's pay token, Wave's checkout session, the aggregators' own windows
 * (PayGate's USSD prompt: 10 minutes, the time the operator's prompt itself shows). A provider that
 * announces its own expiry (Wave `when_expires`) is believed instead. The payer sees this time.
 */
export const PAYER_DEADLINE_MINUTES: Record<ProviderId, number> = {
  mtn: 10,
  orange: 15,
  wave: 30,
  fedapay: 30,
  paygate: 10,
};

/** How long an expired attempt is still watched for a late success. */
export const LATE_SUCCESS_WATCH_HOURS = 72;
/** How often an expired attempt is asked about during the watch. */
export const LATE_SUCCESS_CHECK_MINUTES = 15;

/** Waits between status queries of an active attempt: 15 s, 30 s, 1, 2, 5, then every 10 minutes. */
const BACKOFF_SECONDS = [15, 30, 60, 120, 300, 600];

export function payerDeadline(provider: ProviderId, from: Date): Date {
  return new Date(from.getTime() + PAYER_DEADLINE_MINUTES[provider] * 60_000);
}

/**
 * When to ask next about an active attempt after `checks` queries: the backoff, but never after its
 * deadline, so the final check happens on time.
 */
export function nextCheck(now: Date, checks: number, expiresAt: Date): Date {
  const wait = BACKOFF_SECONDS[Math.min(checks, BACKOFF_SECONDS.length - 1)]! * 1000;
  const next = new Date(now.getTime() + wait);
  return next > expiresAt && expiresAt > now ? expiresAt : next;
}

export function watchDeadline(expiredAt: Date): Date {
  return new Date(expiredAt.getTime() + LATE_SUCCESS_WATCH_HOURS * 3_600_000);
}

export function nextWatchCheck(now: Date, watchUntil: Date): Date | null {
  const next = new Date(now.getTime() + LATE_SUCCESS_CHECK_MINUTES * 60_000);
  if (now >= watchUntil) return null;
  return next > watchUntil ? watchUntil : next;
}
