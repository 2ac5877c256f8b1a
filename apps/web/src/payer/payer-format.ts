/**
 * « 150 000 FCFA » as @ecolage/money's formatFrancs writes it (narrow no-break spaces between
 * groups of three, a no-break space before FCFA), without importing it: the web app's shared
 * chunks would come with it, and this entry must stay tiny (nor Intl, slow to start on a phone).
 */
export function formatFrancs(amount: number): string {
  return `${String(Math.trunc(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F')}\u00A0FCFA`;
}
