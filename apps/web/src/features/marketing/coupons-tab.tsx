/** The Marketing page's « Coupons » tab (filled in progressively). */
export function CouponsTab() {
  return <section aria-label="Coupons" />;
}
