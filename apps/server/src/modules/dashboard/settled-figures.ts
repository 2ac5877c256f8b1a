import { KeptResults } from '../../platform/kept-results';

/**
 * Figures about the past that no longer change during a day — the overdue balance as it stood 30
 * days ago, the outcomes of attempts old enough to be settled — computed once per school and day
 * by each instance (their queries read weeks of rows) and kept (one entry per school and day).
 */
export class SettledFigures<Figures> {
  private readonly kept = new KeptResults<Figures>();

  get(organizationId: string, day: string, compute: () => Promise<Figures>): Promise<Figures> {
    return this.kept.get(`${organizationId}:${day}`, compute);
  }
}
