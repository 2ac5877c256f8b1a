import { randomInt } from 'node:crypto';

const SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * The `utm_campaign` tag of a campaign: its name in lower-case ASCII words (at most 30
 * characters) and 4 random characters, so that two campaigns named alike (a copy) differ and a
 * tag read in an address says which campaign it is: « Rentrée 2026 — Facebook » →
 * `rentree-2026-facebook-k7qm`.
 */
export function newCampaignCode(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  let suffix = '';
  for (let index = 0; index < 4; index += 1) {
    suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  }
  return `${words || 'campagne'}-${suffix}`;
}
