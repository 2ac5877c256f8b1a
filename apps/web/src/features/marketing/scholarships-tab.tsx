/** The Marketing page's « Bourses » tab (filled in progressively). */
export function ScholarshipsTab() {
  return <section aria-label="Bourses" />;
}
