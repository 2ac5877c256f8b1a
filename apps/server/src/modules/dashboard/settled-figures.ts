/** Entries kept per instance: one per school and day. */
const MAX_SCHOOL_DAYS = 1_000;

/**
 * Figures about the past that no longer change during a day — the overdue balance as it stood 30
 * days ago, the outcomes of attempts old enough to be settled — computed once per school and day
 * by each instance (their queries read weeks of rows) and kept here. A pending computation is
 * shared by the requests that arrive meanwhile; a failed one is forgotten.
 */
export class SettledFigures<Figures> {
  private readonly entries = new Map<string, Promise<Figures>>();

  get(organizationId: string, day: string, compute: () => Promise<Figures>): Promise<Figures> {
    const key = `${organizationId}:${day}`;
    const known = this.entries.get(key);
    if (known) return known;
    if (this.entries.size >= MAX_SCHOOL_DAYS) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => this.entries.delete(key));
    return pending;
  }
}
