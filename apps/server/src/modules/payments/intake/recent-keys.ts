/**
 * The dedupe keys of provider events this process knows to be stored, the most recent `limit` of
 * them: a provider's retries and replays of an event already stored are answered without going
 * to the database. A key missing here (evicted, another instance) falls back to the database's
 * unique index, which stays the guarantee.
 */
export class RecentKeys<Value = true> {
  private readonly keys = new Map<string, Value>();

  constructor(private readonly limit = 50_000) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  get(key: string): Value | undefined {
    return this.keys.get(key);
  }

  add(key: string, value: Value = true as Value): void {
    if (this.keys.has(key)) return;
    this.keys.set(key, value);
    if (this.keys.size > this.limit) {
      const oldest = this.keys.keys().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
  }
}
