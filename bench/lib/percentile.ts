/** Percentile of sorted durations (nearest rank), to a tenth of a millisecond. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, rank)] ?? 0) * 10) / 10;
}
