import { assertFrancs, isFrancs, type Francs } from '@ecolage/money';
import { ProviderRequestError } from './errors';
import type { CollectRequest, Money } from './provider';

/** The amount to send: whole francs as they are (XOF has no minor unit: never ×100). */
export function wireAmount(money: Money): Francs {
  assertFrancs(money.amount);
  if (money.amount <= 0)
    throw new ProviderRequestError('Le montant à encaisser doit être positif.');
  return money.amount;
}

/**
 * A provider's amount read back as whole francs: a safe integer, or a string of digits (MTN and
 * Wave send strings) with at most a zero fraction (`"15000.00"`). Anything else is not an amount
 * we can trust, and is left undefined for the worker to flag.
 */
export function parseWireAmount(value: unknown): Francs | undefined {
  if (isFrancs(value)) return value;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d{1,15})(?:\.0+)?\s*$/.exec(value);
  if (!match?.[1]) return undefined;
  const amount = Number(match[1]);
  return isFrancs(amount) ? amount : undefined;
}

/** The payer's number in E.164 (`+22890123456`), required for push payments. */
export function requirePayerMsisdn(request: CollectRequest): string {
  const msisdn = request.payer?.msisdnE164;
  if (!msisdn) {
    throw new ProviderRequestError(
      'Le numéro de téléphone du payeur est obligatoire pour ce moyen de paiement.',
    );
  }
  if (!/^\+[1-9]\d{7,14}$/.test(msisdn)) {
    throw new ProviderRequestError(
      `Le numéro ${msisdn} n'est pas au format international (+228…).`,
    );
  }
  return msisdn;
}

/** E.164 without the `+` (MTN `partyId`). */
export function msisdnDigits(msisdnE164: string): string {
  return msisdnE164.replace(/^\+/, '');
}

/** Togo's 8-digit national number from `+228XXXXXXXX` (PayGate `phone_number`). */
export function togoNationalNumber(msisdnE164: string): string {
  const match = /^\+228(\d{8})$/.exec(msisdnE164);
  if (!match?.[1]) {
    throw new ProviderRequestError(
      `Le numéro ${msisdnE164} n'est pas un numéro togolais (+228 et 8 chiffres).`,
    );
  }
  return match[1];
}

/**
 * Text for provider notes: accents removed, quotes and special characters replaced by spaces
 * (MTN answers 400 to an apostrophe), cut to `max` characters.
 */
export function plainNote(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,:;()/+-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The browser return URL a hosted page needs. */
export function requireReturnUrl(request: CollectRequest): string {
  if (!request.returnUrl) {
    throw new ProviderRequestError(
      "L'adresse de retour du payeur est obligatoire pour une page de paiement.",
    );
  }
  return request.returnUrl;
}

/** A date from an ISO string or PayGate's `YYYY-MM-DD HH:mm:ss` (Lomé is UTC+0). */
export function parseProviderDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
    ? `${value.replace(' ', 'T')}Z`
    : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** JSON from a webhook body, or undefined when it is not JSON. */
export function jsonOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A value as a non-empty string, for references that arrive as numbers or strings. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `table[key]` for own keys only: a provider status such as `constructor` must not hit the prototype. */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
