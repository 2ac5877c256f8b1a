import { z } from 'zod';

/** A figure and the same figure over the previous period; `change` in percent (null: no base). */
export const kpiSchema = z.object({
  value: z.number(),
  previous: z.number(),
  /** (value − previous) / previous × 100, one decimal; null when the previous figure is 0. */
  change: z.number().nullable(),
});
export type Kpi = z.infer<typeof kpiSchema>;

/** One decimal (12.34 → 12.3): the KPI cards' changes and rates. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * A figure against the previous one; the change in percent, one decimal, none without a base.
 * The one formula of every KPI card (dashboard, « Statistiques », « Marketing »).
 */
export function kpi(value: number, previous: number): Kpi {
  return {
    value,
    previous,
    change: previous === 0 ? null : oneDecimal(((value - previous) / previous) * 100),
  };
}

/** `GET /api/dashboard` (read:statistics): the four cards of the admin dashboard (spec §2, §9). */
export const dashboardSchema = z.object({
  /** The school's calendar day the figures are for. */
  today: z.string(),
  /** Encaissements du jour, francs: money received today vs yesterday (refunds deducted). */
  collectedToday: kpiSchema,
  /** Taux de succès, percent: succeeded / attempted over the last 30 days vs the 30 before. */
  successRate: kpiSchema.extend({ attempted: z.number().int(), succeeded: z.number().int() }),
  /** Impayés, francs: balance of invoices past due now vs 30 days ago. */
  overdue: kpiSchema,
  /** Échéances à 7 jours, francs: balance due in the next 7 days vs the 7 days after. */
  dueNext7Days: kpiSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
