/**
 * The dedupe keys of provider events this process knows to be stored, the most recent `limit` of
 * them: a provider's retries and replays of an event already stored are answered without going
 * to the database. A key missing here (evicted, another instance) falls back to the database's
 * unique index, which stays the guarantee.
 */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly limit = 50_000) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (this.keys.size > this.limit) {
      const oldest = this.keys.values().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
  }
}
