import { formatFrancs } from '@ecolage/money';

/** How payer pages write amounts: « 150 000 FCFA » (narrow no-break spaces, as the web app). */
export const francs = (amount: number): string => formatFrancs(amount);

const longDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A school day `2026-10-05` as people read it: « 5 octobre 2026 » (« 1er » on the first). */
export function frenchDay(day: string): string {
  const text = longDay.format(new Date(`${day}T00:00:00Z`));
  return text.replace(/^1 /, '1er ');
}
