/**
 * Results computed once per key and kept in this process (a school and its day, a rollups'
 * version…): a pending computation is shared by the requests that arrive meanwhile, a failed one
 * is forgotten, and beyond `maxEntries` the oldest goes first (a Map iterates in insertion order).
 */
export class KeptResults<Result> {
  private readonly entries = new Map<string, Promise<Result>>();

  constructor(private readonly maxEntries = 1_000) {}

  get(key: string, compute: () => Promise<Result>): Promise<Result> {
    const known = this.entries.get(key);
    if (known) return known;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => this.entries.delete(key));
    return pending;
  }
}
