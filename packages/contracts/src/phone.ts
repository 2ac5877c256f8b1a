import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Schools are in Togo first: a number typed without a country code is read as Togolese. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'TG';

/** The West African countries whose numbers the product reads and its wallets reach. */
export const westAfricanPhoneCountries: readonly CountryCode[] = [
  'TG',
  'BJ',
  'CI',
  'SN',
  'BF',
  'ML',
  'NE',
  'GW',
  'GN',
  'GH',
  'NG',
];

/**
 * The E.164 form of a phone number typed any usual way (`90 12 34 56`, `+228 90-12-34-56`,
 * `0022890123456`), or null when it is not a valid number.
 */
export function toE164(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const cleaned = input.trim().replace(/^00/, '+');
  if (!/^\+?[\d\s().-]{6,24}$/.test(cleaned)) return null;
  const parsed = parsePhoneNumberFromString(cleaned, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** `+22890123456` → `+228 90 12 34 56`, for reading. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * `+22890123456` → `90 12 34 56` for a reader in that number's country (a school's papers: its
 * phone and its payers'); a number of another country stays international (`+229 …`).
 */
export function formatPhoneNational(
  e164: string,
  readerCountry: string = DEFAULT_PHONE_COUNTRY,
): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === readerCountry ? parsed.formatNational() : parsed.formatInternational();
}

export const invalidPhoneMessage =
  "Ce numéro de téléphone n'est pas valide (exemple : 90 12 34 56 ou +228 90 12 34 56).";

/** A required phone number, normalised to E.164 (Togo by default). */
export const phoneSchema = z
  .string({ error: 'Le téléphone est obligatoire.' })
  .trim()
  .min(1, 'Le téléphone est obligatoire.')
  .transform((value, context) => {
    const e164 = toE164(value);
    if (!e164) {
      context.addIssue({
        code: 'custom',
        message: invalidPhoneMessage,
        params: { code: 'PHONE_INVALID' },
      });
      return z.NEVER;
    }
    return e164;
  });

/** An optional phone: empty means none. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(30, invalidPhoneMessage)
  .transform((value, context) => {
    if (value === '') return null;
    const e164 = toE164(value);
    if (!e164) {
      context.addIssue({
        code: 'custom',
        message: invalidPhoneMessage,
        params: { code: 'PHONE_INVALID' },
      });
      return z.NEVER;
    }
    return e164;
  })
  .nullish()
  .transform((value) => value ?? null);

export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .transform((value, context) => {
    if (value === '') return null;
    if (!z.email().safeParse(value).success) {
      context.addIssue({ code: 'custom', message: 'Adresse e-mail invalide.' });
      return z.NEVER;
    }
    return value.toLowerCase();
  })
  .nullish()
  .transform((value) => value ?? null);
